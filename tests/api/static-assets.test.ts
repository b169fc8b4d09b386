import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { precompressAssets } from '../../scripts/lib/precompress-assets';

/** A built client in miniature: a hashed script big enough to compress, a font, and index.html. */
function fakeClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  fs.writeFileSync(path.join(dir, 'main.0123456789.js'), 'console.log("Dobrodošli");\n'.repeat(400));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'lato.abc.woff2'), Buffer.alloc(4096, 7));
  return dir;
}

describe('static assets', () => {
  let dir: string;
  let t: TestApp;
  const script = '/static/main.0123456789.js';

  beforeAll(async () => {
    dir = fakeClientDir();
    precompressAssets(dir);
    t = await startTestApp({ seed: false, config: { clientDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes gzip and brotli copies of text assets only', () => {
    expect(fs.existsSync(path.join(dir, 'main.0123456789.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'main.0123456789.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'lato.abc.woff2.gz'))).toBe(false);
  });

  it('sends the brotli copy to a browser that accepts it, decoding to the original', async () => {
    const response = await t.app.inject({ url: script, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    const original = fs.readFileSync(path.join(dir, 'main.0123456789.js'));
    expect(response.rawPayload.length).toBeLessThan(original.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(original)).toBe(true);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await t.app.inject({ url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('Dobrodošli');
    const plain = await t.app.inject({ url: script, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Dobrodošli');
  });

  it('marks hashed assets immutable for a year', async () => {
    const response = await t.app.inject({ url: script });
    expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });
});

describe('JSON answers on the wire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are compressed for a client that accepts it, and plain for one that does not', async () => {
    const lead = await t.login('lead');
    const url = '/api/v1/internal/projects/';
    const plain = await t.app.inject({ url, headers: { cookie: lead.cookie, 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url, headers: { cookie: lead.cookie, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gzip = await t.app.inject({ url, headers: { cookie: lead.cookie, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a stored list answer is sent gzip-encoded once, not encoded twice', async () => {
    const staff = await t.login('staff');
    const res = await t.app.inject({ url: '/api/v1/internal/active-users/', headers: { cookie: staff.cookie, 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8')))).toBe(true);
  });
});
