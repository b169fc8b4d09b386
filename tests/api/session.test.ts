import { buildApp } from '../../src/server/app';
import { migrate } from '../../src/server/db/database';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { hashPassword } from '../../src/server/users/passwords';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import type { AppContext } from '../../src/server/context';
import { cookiesOf, startTestApp, testConfig, type TestApp } from '../../harness/test-app';
import { createTestDatabase } from '../../harness/test-database';

const schemas = loadSchemaSet();

async function addUser(ctx: AppContext, username: string, extra: Record<string, unknown> = {}) {
  await ctx.db
    .insertInto('users')
    .values({ username, password_hash: await hashPassword(username), first_name: 'Ana', last_name: 'Horvat', ...extra })
    .execute();
}

describe('session API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    await addUser(t.ctx, 'lead', { person_mail: 'ana@example.org', status: true });
    await addUser(t.ctx, 'staff', { is_staff: true });
  });
  afterAll(() => t.close());

  it('answers an anonymous visitor with active false, a CSRF token and the config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ active: false, error: 'Session not active' });
    expect(body.csrftoken).toMatch(/^[\w-]{20,}$/);
    // Accounting is on in demo mode (the test configuration is not production).
    expect(body.config).toEqual({ enable_accounting: true, enable_edugain: true, grace_months: 3 });
    expect(body.userdetails).toBeUndefined();
    expect(schemas.validate('entities/session', body).valid).toBe(true);
  });

  it('answers a signed-in user with their details and memberships', async () => {
    const caller = await t.login('lead');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } });
    const body = res.json();
    expect(body.active).toBe(true);
    expect(body.userdetails).toMatchObject({ username: 'lead', first_name: 'Ana', is_staff: false, status: true });
    expect(body.userdetails.userproject_set).toEqual([]);
    expect(body.userdetails.password_hash).toBeUndefined();
    expect(schemas.validate('entities/session', body)).toEqual({ valid: true, issues: [] });
  });

  it('refuses a wrong password with 401 and starts no session', async () => {
    const anon = await t.anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf },
      payload: { username: 'lead', password: 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: { code: 401, message: 'Invalid username or password', key: 'loginFailed' } });
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
    const count = await t.ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(res, anon.cookie) } });
    expect(after.json().active).toBe(false);
  });

  it('refuses a mutating call without the CSRF header with 403', async () => {
    const caller = await t.login('lead');
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: caller.cookie }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toMatchObject({ code: 403, key: 'csrfFailed' });
    const still = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } });
    expect(still.json().active).toBe(true);
  });

  it('refuses a login without the CSRF header, and one with a token that is not the cookie', async () => {
    const anon = await t.anonymous();
    const none = await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { cookie: anon.cookie }, payload: { username: 'lead', password: 'lead' } });
    expect(none.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { 'x-csrftoken': anon.csrf },
      payload: { username: 'lead', password: 'lead' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('accepts a mutating call with the JSON content type and no body', async () => {
    const caller = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const anon = await t.anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf, 'content-type': 'application/json' },
      payload: '{"username": "lead",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toMatchObject({ code: 400, key: 'malformedJson' });
  });

  it('answers a body that breaks the login schema with the fields named', async () => {
    const anon = await t.anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf },
      payload: { username: 'lead', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status.key).toBe('validationFailed');
    expect(body.status.message).toContain('body/password: Required');
    expect(body.status.message).toContain('Unknown field extra');
  });

  it('logs out: the session ends server-side and the redirect is the login page', async () => {
    const caller = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf },
      payload: {},
    });
    expect(res.json()).toEqual({ redirect: '/ui/login' });
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } });
    expect(after.json().active).toBe(false);
  });

  it('sends federated sign-ins to the logout of the service provider they signed in through', async () => {
    // The service provider decides (sessions.saml_federation), not a word in the identity provider's entity id.
    for (const [idp, federation, redirect] of [
      ['https://edugainproxy.example.org/saml2/idp/', 'edugain', '/saml2/edugain/logout'],
      ['https://login.aaiedu.hr/sso', 'national', '/saml2/logout'],
      ['https://proxy.example.org/edugain/idp/', 'edugain', '/saml2/edugain/logout'],
      ['https://edugainproxy.example.org/national/', 'national', '/saml2/logout'],
    ]) {
      const caller = await t.login('lead');
      await t.ctx.db.updateTable('sessions').set({ saml2_idp: idp, saml_name_id: '_name-id', saml_federation: federation }).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/logout/',
        headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf },
        payload: {},
      });
      expect(res.json().redirect).toBe(redirect);
    }
  });

  it('rate-limits repeated failed logins, even with the right password after', async () => {
    await addUser(t.ctx, 'target');
    const anon = await t.anonymous();
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf },
        payload: { username: 'target', password },
      });
    for (let i = 0; i < schemas.constants.loginAttemptsPerWindow; i += 1) expect((await attempt('bad')).statusCode).toBe(401);
    const blocked = await attempt('target');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().status.key).toBe('tooManyLoginAttempts');
  });

  it('answers unknown /api paths with a JSON 404 and redirects / to the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/internal/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toMatchObject({ code: 404, key: 'notFound' });
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/ui/login');
  });
});

describe('sessions in the database', () => {
  it('survive a server restart and are shared by two app processes on one database', async () => {
    const database = await createTestDatabase({ persistent: true });
    try {
      const first = await startTestApp({ seed: false, schemas, database });
      await addUser(first.ctx, 'lead');
      const caller = await first.login('lead');
      if (database.kind === 'postgres') {
        const second = await database.open();
        const other = await buildApp({ db: second.db, schemas, config: testConfig() }, { logger: false });
        const res = await other.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } });
        expect(res.json().active).toBe(true);
        await other.close();
      }
      await first.app.close();
      for (const h of [first.ctx.db]) await h.destroy();
      const reopened = await database.open();
      await migrate(reopened.db);
      await syncVocabularies(reopened.db, schemas);
      const restarted = await buildApp({ db: reopened.db, schemas, config: testConfig() }, { logger: false });
      const res = await restarted.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } });
      expect(res.json()).toMatchObject({ active: true, userdetails: { username: 'lead' } });
      await restarted.close();
    } finally {
      await database.drop();
    }
  });
});

describe('federated sign-in links', () => {
  it('lead to the error page with a reason while no federation is configured', async () => {
    const t = await startTestApp({ seed: false, schemas });
    try {
      for (const url of ['/saml2/login', '/saml2/edugain/login']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/ui/error?reason=federation');
      }
    } finally {
      await t.close();
    }
  });
});
