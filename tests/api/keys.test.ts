import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sshpk from 'sshpk';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

/** A real key pair made by ssh-keygen, with ssh-keygen's own MD5 and (default) SHA256 fingerprints. */
let made = 0;
function keygen(dir: string, type: 'ed25519' | 'rsa' | 'ecdsa') {
  made += 1;
  const file = join(dir, `id_${type}_${made}`);
  execFileSync('ssh-keygen', ['-q', '-t', type, ...(type === 'rsa' ? ['-b', '2048'] : []), '-N', '', '-C', `test@${type}`, '-f', file]);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', `${file}.pub`]).toString().split(' ')[1].replace(/^MD5:/, '');
  const sha256 = execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`]).toString().split(' ')[1];
  return { publicKey: readFileSync(`${file}.pub`, 'utf8').trim(), privateKey: readFileSync(file, 'utf8'), fingerprint, sha256 };
}

describe('public keys API', () => {
  let t: TestApp;
  let dir: string;
  let lead: Caller;
  let other: Caller;
  const send = (caller: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
    t = await startTestApp({ seed: false });
    const leadId = await addUser(t.ctx, 'lead', { person_username: 'ahorvat' });
    const otherId = await addUser(t.ctx, 'collab', { person_username: 'icollab' });
    await addUser(t.ctx, 'newbie');
    await addUser(t.ctx, 'staff', { is_staff: true });
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[leadId, 'lead'], [otherId, 'collaborator']]);
    lead = await t.login('lead');
    other = await t.login('collab');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds real Ed25519, RSA and ECDSA keys with the fingerprint ssh-keygen computes', async () => {
    for (const type of ['ed25519', 'rsa', 'ecdsa'] as const) {
      const key = keygen(dir, type);
      const res = await send(lead, 'POST', '/api/v1/internal/keys/', { name: `laptop-${type}`, public_key: key.publicKey });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: `laptop-${type}`, fingerprint: key.fingerprint, fingerprint_sha256: key.sha256, public_key: key.publicKey });
    }
    const list = await send(lead, 'GET', '/api/v1/internal/keys/');
    expect(list.json().map((k: { name: string }) => k.name)).toEqual(['laptop-ed25519', 'laptop-rsa', 'laptop-ecdsa']);
    expect(list.json()[0].public_key.split(' ')[0]).toBe('ssh-ed25519');
    expect(list.json()[0].fingerprint_sha256).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('writes a mail to staff in the outbox with the key', async () => {
    const mails = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'ssh-key-added').execute();
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(mails[0]).toMatchObject({ to_addr: t.ctx.schemas.service.staffEmail, subject: 'Dodan novi javni ključ' });
    // The fingerprint staff compare with ssh-keygen's: SHA256 first, the MD5 form beside it.
    expect(mails[0].body).toMatch(/\(SHA256:[A-Za-z0-9+/]{43} \(MD5 ([0-9a-f]{2}:){15}[0-9a-f]{2}\)\)/);
  });

  it('refuses a private key pasted by mistake, a two-line key, garbage and an over-long key', async () => {
    const key = keygen(dir, 'ed25519');
    const cases: [string, RegExp][] = [
      [key.privateKey, /private key/],
      [`${key.publicKey}\n${key.publicKey}`, /single line/],
      ['ssh-rsa not-a-key', /Invalid SSH public key/],
      [`ssh-ed25519 ${'A'.repeat(2100)}`, /at most 2000|2000/i],
    ];
    for (const [publicKey, message] of cases) {
      const res = await send(lead, 'POST', '/api/v1/internal/keys/', { name: 'bad', public_key: publicKey });
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toMatch(message);
    }
    const names = (await send(lead, 'GET', '/api/v1/internal/keys/')).json().map((k: { name: string }) => k.name);
    expect(names).not.toContain('bad');
  });

  it('refuses a duplicate name and a duplicate key for the same user, but another user may add the same key', async () => {
    const key = keygen(dir, 'ed25519');
    expect((await send(lead, 'POST', '/api/v1/internal/keys/', { name: 'desk', public_key: key.publicKey })).statusCode).toBe(201);
    const sameName = await send(lead, 'POST', '/api/v1/internal/keys/', { name: 'desk', public_key: keygen(dir, 'rsa').publicKey });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().status.message).toBe('Key of that name already exists');
    const sameKey = await send(lead, 'POST', '/api/v1/internal/keys/', { name: 'desk2', public_key: key.publicKey });
    expect(sameKey.statusCode).toBe(409);
    expect((await send(other, 'POST', '/api/v1/internal/keys/', { name: 'desk', public_key: key.publicKey })).statusCode).toBe(201);
  });

  it('refuses a key upload from a user with no active project', async () => {
    const newbie = await t.login('newbie');
    const res = await send(newbie, 'POST', '/api/v1/internal/keys/', { name: 'k', public_key: keygen(dir, 'ed25519').publicKey });
    expect(res.statusCode).toBe(403);
    expect((await send(newbie, 'GET', '/api/v1/internal/keys/')).json()).toEqual([]);
  });

  it("never lets a user see or delete another user's keys", async () => {
    const before = (await send(lead, 'GET', '/api/v1/internal/keys/')).json().length;
    const res = await send(other, 'DELETE', '/api/v1/internal/keys/', { name: 'laptop-rsa' });
    expect(res.statusCode).toBe(404);
    expect((await send(lead, 'GET', '/api/v1/internal/keys/')).json()).toHaveLength(before);
    expect((await send(other, 'GET', '/api/v1/internal/keys/')).json().map((k: { name: string }) => k.name)).toEqual(['desk']);
    expect((await send(other, 'GET', '/api/v1/internal/keys/ahorvat')).statusCode).toBe(403);
  });

  it('deletes a key by name', async () => {
    const res = await send(lead, 'DELETE', '/api/v1/internal/keys/', { name: 'laptop-rsa' });
    expect(res.statusCode).toBe(200);
    const names = (await send(lead, 'GET', '/api/v1/internal/keys/')).json().map((k: { name: string }) => k.name);
    expect(names).not.toContain('laptop-rsa');
  });

  it("shows staff a user's keys by cluster username, and refuses anonymous callers", async () => {
    const staff = await t.login('staff');
    const res = await send(staff, 'GET', '/api/v1/internal/keys/ahorvat');
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect((await send(staff, 'GET', '/api/v1/internal/keys/nobody')).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/internal/keys/' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().status.key).toBe('notAuthenticated');
  });
});

describe('weak public keys', () => {
  let t: TestApp;
  let lead: Caller;
  const add = (publicKey: string, language: 'hr' | 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/keys/',
      headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf, 'accept-language': language },
      payload: { name: 'weak', public_key: publicKey },
    });
  /** An OpenSSH public key line of a key pair Node makes (OpenSSH itself no longer makes RSA below 1024 bits or DSA). */
  const nodeKey = (type: 'rsa' | 'dsa', bits: number) => {
    const { publicKey } = generateKeyPairSync(type as 'rsa', type === 'rsa' ? { modulusLength: bits } : ({ modulusLength: bits, divisorLength: 160 } as never));
    return sshpk.parseKey(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'pem').toString('ssh');
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const leadId = await addUser(t.ctx, 'lead', { person_username: 'ahorvat' });
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[leadId, 'lead']]);
    lead = await t.login('lead');
  });
  afterAll(() => t.close());

  it.each([512, 1024, 2047])('refuses a %i-bit RSA key in the caller\'s language and stores nothing', async (bits) => {
    const key = nodeKey('rsa', bits);
    const en = await add(key, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().status).toMatchObject({
      key: 'validationFailed',
      message: `Key is not valid: an RSA key must have at least 2048 bits, and this one has ${bits}. Make a new one, e.g. with ssh-keygen -t ed25519.`,
    });
    const hr = await add(key, 'hr');
    expect(hr.json().status.message).toBe(
      `Ključ nije ispravan: ključ RSA mora imati najmanje 2048 bitova, a ovaj ima ${bits}. Izradite novi, npr. naredbom ssh-keygen -t ed25519.`,
    );
    const keys = await t.app.inject({ method: 'GET', url: '/api/v1/internal/keys/', headers: { cookie: lead.cookie } });
    expect(keys.json()).toEqual([]);
  });

  it('refuses a DSA key, as before, and takes a 2048-bit RSA key', async () => {
    const dsa = await add(nodeKey('dsa', 1024), 'hr');
    expect(dsa.statusCode).toBe(400);
    expect(dsa.json().status.message).toBe('Vrsta ključa dsa nije podržana; koristite RSA, ECDSA ili Ed25519.');
    expect((await add(nodeKey('rsa', 2048), 'en')).statusCode).toBe(201);
  });
});
