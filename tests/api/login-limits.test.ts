import { readConfig } from '../../src/server/config';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { cookiesOf, startTestApp, type TestApp } from '../support/test-app';
import { addUser } from '../support/fixtures';

/**
 * Defect 1: the login rate limit. Forwarded addresses count only from configured proxies, and a
 * username has a limit of its own across all addresses.
 */
const schemas = loadSchemaSet();
const { loginAttemptsPerWindow, loginAttemptsPerUsername } = schemas.constants;

async function attempt(t: TestApp, username: string, password: string, from: { remoteAddress: string; forwardedFor?: string }) {
  const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', remoteAddress: from.remoteAddress });
  const cookie = cookiesOf(session);
  return t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: from.remoteAddress,
    headers: { cookie, 'x-csrftoken': session.json().csrftoken, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    payload: { username, password },
  });
}

describe('login limits without a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    await addUser(t.ctx, 'victim');
    await addUser(t.ctx, 'target');
  });
  afterAll(() => t.close());

  it('reads TRUST_PROXY as a list of addresses and trusts none when unset', () => {
    expect(readConfig({}).trustProxy).toEqual([]);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('does not let forged X-Forwarded-For addresses buy more guesses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await attempt(t, 'target', 'wrong', { remoteAddress: '203.0.113.9', forwardedFor: `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginAttemptsPerWindow);
    expect(statuses.slice(loginAttemptsPerWindow).every((s) => s === 429)).toBe(true);
  });

  it('does not let a forged address lock its owner out', async () => {
    for (let i = 0; i < loginAttemptsPerWindow + 2; i += 1)
      await attempt(t, 'victim', 'wrong', { remoteAddress: '203.0.113.50', forwardedFor: '192.0.2.77' });
    const res = await attempt(t, 'victim', 'victim', { remoteAddress: '192.0.2.77' });
    expect(res.statusCode).toBe(200);
  });
});

describe('login limits behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas, config: { trustProxy: ['127.0.0.1'] } });
    await addUser(t.ctx, 'spread');
  });
  afterAll(() => t.close());

  it('counts each forwarded client address of the proxy separately', async () => {
    for (let i = 0; i < loginAttemptsPerWindow; i += 1)
      await attempt(t, 'spread', 'wrong', { remoteAddress: '127.0.0.1', forwardedFor: '192.0.2.1' });
    expect((await attempt(t, 'spread', 'wrong', { remoteAddress: '127.0.0.1', forwardedFor: '192.0.2.1' })).statusCode).toBe(429);
    expect((await attempt(t, 'spread', 'spread', { remoteAddress: '127.0.0.1', forwardedFor: '192.0.2.2' })).statusCode).toBe(200);
  });

  it('limits a username across addresses: guesses spread over many addresses run out', async () => {
    await t.ctx.db.deleteFrom('login_attempts').execute();
    const statuses: number[] = [];
    for (let i = 0; i < loginAttemptsPerUsername + 5; i += 1) {
      const res = await attempt(t, 'spread', 'wrong', { remoteAddress: '127.0.0.1', forwardedFor: `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginAttemptsPerUsername);
    expect(statuses.slice(loginAttemptsPerUsername).every((s) => s === 429)).toBe(true);
    const res = await attempt(t, 'spread', 'spread', { remoteAddress: '127.0.0.1', forwardedFor: '198.51.100.200' });
    expect(res.statusCode).toBe(429);
    expect(res.json().status.key).toBe('tooManyLoginAttempts');
  });
});
