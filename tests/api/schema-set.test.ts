import { gunzipSync } from 'node:zlib';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { copySchemas } from '../../harness/schema-copy';
import { startTestApp, type TestApp } from '../../harness/test-app';

const URL = '/api/v1/internal/schemas/';
const limitsId = 'https://portal.schemas/rules/resource-limits.json';
type Docs = { docs: Array<Record<string, any>> };

describe('the schema set the browser loads', () => {
  const copy = copySchemas();
  let t: TestApp;
  let edited: TestApp;
  beforeAll(async () => {
    copy.edit('rules/resource-limits.json', (doc) => {
      doc.properties.HPCnSlotsGPU.maximum = 123456;
    });
    t = await startTestApp({ seed: false });
    edited = await startTestApp({ seed: false, schemas: loadSchemaSet(copy.dir) });
  });
  afterAll(async () => {
    await t.close();
    await edited.close();
    copy.remove();
  });

  it('is one public answer with every schema document, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as Docs).docs.map((d) => d.$id);
    expect(ids).toEqual(t.ctx.schemas.ids);
    expect(ids).toEqual(expect.arrayContaining([limitsId, 'https://portal.schemas/requests/index.json', 'https://portal.schemas/tables/projects.json']));
  });

  it('carries an ETag, and a revalidation with it is answered 304 without a body', async () => {
    const first = await t.app.inject({ method: 'GET', url: URL });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.app.inject({ method: 'GET', url: URL, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const zipped = await t.app.inject({ method: 'GET', url: URL, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(first.json());
    expect(zipped.rawPayload.length).toBeLessThan(first.rawPayload.length / 4);
    const stale = await t.app.inject({ method: 'GET', url: URL, headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('is the folder the server runs on (SCHEMAS_DIR), with a new ETag when a schema changes', async () => {
    const original = await t.app.inject({ method: 'GET', url: URL });
    const res = await edited.app.inject({ method: 'GET', url: URL });
    const limits = (res.json() as Docs).docs.find((d) => d.$id === limitsId)!;
    expect(limits.properties.HPCnSlotsGPU.maximum).toBe(123456);
    expect(res.headers.etag).not.toBe(original.headers.etag);
  });
});
