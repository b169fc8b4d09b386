import type { LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/server/config';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { cookiesOf, startTestApp, type TestApp } from '../../harness/test-app';
import { addUser } from '../support/fixtures';

/**
 * Cookies, HSTS and `upgrade-insecure-requests` follow the address users open (`PUBLIC_URL`), not
 * `NODE_ENV`; production refuses an http address unless `PUBLIC_URL_HTTP_ALLOWED` is set
 * (docs/decisions/0240-login-throttling-and-https.md).
 */
const schemas = loadSchemaSet();
const SECRET = 'x'.repeat(32);

describe('readConfig: https from PUBLIC_URL', () => {
  it('is https when PUBLIC_URL is, also without NODE_ENV=production', () => {
    expect(readConfig({ PUBLIC_URL: 'https://portal.example.org/' })).toMatchObject({ https: true, production: false, publicUrl: 'https://portal.example.org' });
    expect(readConfig({ NODE_ENV: 'test', PUBLIC_URL: 'HTTPS://portal.example.org' }).https).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://portal.example.org' }).https).toBe(true);
  });

  it('is not https in demo mode on the default http address', () => {
    expect(readConfig({})).toMatchObject({ https: false, production: false, publicUrl: 'http://127.0.0.1:8000' });
    expect(readConfig({ PUBLIC_URL: 'http://portal.example.org' }).https).toBe(false);
  });

  it('refuses production with an http PUBLIC_URL, or none, and says what to do', () => {
    for (const env of [{ PUBLIC_URL: 'http://portal.example.org' }, {}, { PUBLIC_URL: 'http://portal.example.org', PUBLIC_URL_HTTP_ALLOWED: 'false' }])
      expect(() => readConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...env })).toThrow(
        /PUBLIC_URL is (unset \(so )?"http:\/\/[^"]+"\)? in production.*Set PUBLIC_URL to the https:\/\/ address.*PUBLIC_URL_HTTP_ALLOWED=true/,
      );
  });

  it('starts production on an http PUBLIC_URL when PUBLIC_URL_HTTP_ALLOWED is set, without Secure cookies', () => {
    const config = readConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'http://portal.example.org', PUBLIC_URL_HTTP_ALLOWED: 'true' });
    expect(config).toMatchObject({ production: true, https: false });
  });

  it('refuses a PUBLIC_URL that is no http(s) address', () => {
    expect(() => readConfig({ PUBLIC_URL: 'portal.example.org' })).toThrow(/PUBLIC_URL must be the portal's address/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://portal.example.org' })).toThrow(/PUBLIC_URL must start with https:\/\/ or http:\/\//);
  });
});

/** Every cookie a visitor collects on the way: anonymous CSRF, login, a change, logout. */
async function cookiesOfAVisit(t: TestApp): Promise<{ answers: LightMyRequestResponse[]; names: Set<string> }> {
  const answers: LightMyRequestResponse[] = [];
  const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive' });
  answers.push(anonymous);
  const anonCookie = cookiesOf(anonymous);
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    headers: { cookie: anonCookie, 'x-csrftoken': anonymous.json().csrftoken },
    payload: { username: 'lead', password: 'lead' },
  });
  expect(login.statusCode).toBe(200);
  answers.push(login);
  const cookie = cookiesOf(login, anonCookie);
  const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } });
  const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie, 'x-csrftoken': session.json().csrftoken }, payload: {} });
  expect(logout.statusCode).toBe(200);
  answers.push(logout);
  return { answers, names: new Set(answers.flatMap((a) => a.cookies.map((c) => c.name))) };
}

describe.each([
  ['https PUBLIC_URL without NODE_ENV=production', { NODE_ENV: 'test', PUBLIC_URL: 'https://portal.example.org' }, true],
  ['https PUBLIC_URL in production', { NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://portal.example.org' }, true],
  ['demo mode on http', { NODE_ENV: 'test' }, false],
  ['production on http with PUBLIC_URL_HTTP_ALLOWED', { NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'http://portal.example.org', PUBLIC_URL_HTTP_ALLOWED: 'true' }, false],
])('the portal with %s', (_label, env, https) => {
  let t: TestApp;
  beforeAll(async () => {
    const { publicUrl, production, sessionSecret, https: fromAddress } = readConfig(env);
    expect(fromAddress).toBe(https);
    t = await startTestApp({ seed: false, schemas, config: { publicUrl, production, sessionSecret, https: fromAddress } });
    await addUser(t.ctx, 'lead');
  });
  afterAll(() => t.close());

  it(https ? 'marks every cookie Secure: session, CSRF, known browser' : 'sends no cookie Secure', async () => {
    const { answers, names } = await cookiesOfAVisit(t);
    expect([...names].sort()).toEqual(['computing_csrftoken', 'computing_known_browser', 'computing_session']);
    for (const cookie of answers.flatMap((a) => a.cookies)) {
      expect({ name: cookie.name, secure: cookie.secure === true }).toEqual({ name: cookie.name, secure: https });
      expect(cookie.sameSite).toBe('Lax');
    }
  });

  it(https ? 'sends HSTS and upgrade-insecure-requests' : 'sends neither HSTS nor upgrade-insecure-requests', async () => {
    for (const url of ['/api/v1/sessionactive', '/ui/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      if (https) {
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(csp).toContain('upgrade-insecure-requests');
      } else {
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(csp).not.toContain('upgrade-insecure-requests');
      }
    }
  });
});
