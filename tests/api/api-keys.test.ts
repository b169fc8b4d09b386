import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addUser } from '../support/fixtures';
import { createTestDatabase } from '../../harness/test-database';
import { apiKey } from '../support/accounting';
import { parseApiKeyArgs, runApiKey } from '../../scripts/api-key';
import { revokeApiKey } from '../../src/server/api-keys/api-keys';

describe('API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    await addUser(t.ctx, 'staff', { is_staff: true });
  });
  afterAll(() => t.close());

  const getJobs = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/accounting/records?resource=supek', headers });

  it('accepts a live key and stores only a hash of its secret', async () => {
    const key = await apiKey(t);
    expect(key).toMatch(/^[A-Za-z0-9]{8}\.[A-Za-z0-9_-]{43}$/);
    expect((await getJobs({ authorization: `Api-Key ${key}` })).statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('api_keys').selectAll().execute();
    const secret = key.split('.')[1];
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Api-Key nope' }],
    ['an unknown key', { authorization: `Api-Key abcdefgh.${'a'.repeat(43)}` }],
    ['a bearer token', { authorization: 'Bearer abc' }],
  ])('answers %s with 403 and exactly the current portal’s body', async (_what, headers) => {
    const res = await getJobs(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers a revoked key and a wrong secret of a live prefix with 403', async () => {
    const key = await apiKey(t);
    const [prefix] = key.split('.');
    expect((await getJobs({ authorization: `Api-Key ${prefix}.${'b'.repeat(43)}` })).statusCode).toBe(403);
    expect(await revokeApiKey(t.ctx.db, prefix)).toBe(true);
    const res = await getJobs({ authorization: `Api-Key ${key}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers a key without the route\'s scope with 403', async () => {
    const key = await apiKey(t, ['read']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounting/records?resource=supek',
      headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
      payload: { usage: [] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('never lets a session satisfy a key route, nor a key an internal route', async () => {
    const staff = await t.login('staff');
    const withSession = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounting/records?resource=supek',
      headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf, 'content-type': 'application/json' },
      payload: { usage: [] },
    });
    expect(withSession.statusCode).toBe(403);
    expect(withSession.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const key = await apiKey(t);
    const internal = await t.app.inject({ method: 'GET', url: '/api/v1/internal/accounting/records', headers: { authorization: `Api-Key ${key}` } });
    expect(internal.statusCode).toBe(401);
    expect(internal.json().status.key).toBe('notAuthenticated');
    const staffList = await t.app.inject({ method: 'GET', url: '/api/v1/internal/active-users/', headers: { authorization: `Api-Key ${key}` } });
    expect(staffList.statusCode).toBe(401);
  });
});

describe('npm run api-key', () => {
  it('creates a key with scopes, lists it without the secret and revokes it', async () => {
    const database = await createTestDatabase();
    const { db } = await database.open();
    const { migrate } = await import('../../src/server/db/database');
    await migrate(db);
    try {
      const created = await runApiKey(db, parseApiKeyArgs(['create', 'supek-exporter', '--scope', 'accounting:write']));
      const key = /key \(shown only now, store it safely\): (\S+)/.exec(created.join('\n'))![1];
      const [prefix, secret] = key.split('.');
      const list = (await runApiKey(db, parseApiKeyArgs(['list']))).join('\n');
      expect(list).toContain(prefix);
      expect(list).toContain('supek-exporter');
      expect(list).toContain('accounting:write');
      expect(list).not.toContain(secret);
      expect(list).toMatch(/live/);
      expect(await runApiKey(db, parseApiKeyArgs(['revoke', prefix]))).toEqual([`revoked key ${prefix}`]);
      expect((await runApiKey(db, parseApiKeyArgs(['list']))).join('\n')).toMatch(/REVOKED/);
      await expect(runApiKey(db, parseApiKeyArgs(['revoke', prefix]))).rejects.toThrow(/no live key/);
    } finally {
      await database.drop();
    }
  });

  it('refuses an unknown scope and a missing name', () => {
    expect(() => parseApiKeyArgs(['create', 'x', '--scope', 'admin'])).toThrow(/unknown scope admin/);
    expect(() => parseApiKeyArgs(['create'])).toThrow(/needs a name/);
    expect(() => parseApiKeyArgs(['frobnicate'])).toThrow(/unknown command/);
  });

  it('runs as a command and exits 2 on a bad command line', async () => {
    const run = promisify(execFile);
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/api-key.ts', 'create'], { env: { ...process.env, NODE_OPTIONS: '' } })).rejects.toMatchObject({ code: 2 });
  });
});
