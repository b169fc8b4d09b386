import { readConfig } from '../../src/server/config';
import { purgeExpiredSessions } from '../../src/server/sessions/sessions';
import { sessionCacheOf } from '../../src/server/sessions/session-cache';
import { updateLocalUser } from '../../src/server/users/user-admin';
import { userAgentSummary } from '../../src/server/sessions/user-agent';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { addUser } from '../support/fixtures';
import { cookiesOf, startTestApp, type Caller, type TestApp } from '../../harness/test-app';

/**
 * Sessions a user can see and end, idle and absolute lifetimes, and the sessions of a user switched
 * off (docs/decisions/0621-sessions-idle-and-listed.md).
 */
const schemas = loadSchemaSet();
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Listed = { id: string; started: string; lastUsed: string; browser: string | null; system: string | null; address: string; federated: boolean; current: boolean };

describe('my sessions', () => {
  let t: TestApp;

  /** Signs `username` in from `address` with a browser's User-Agent. */
  async function signIn(username: string, address: string, userAgent: string): Promise<Caller & { expires?: Date }> {
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', remoteAddress: address });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      remoteAddress: address,
      headers: { cookie: cookiesOf(anon), 'x-csrftoken': anon.json().csrftoken, 'user-agent': userAgent },
      payload: { username, password: username },
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookiesOf(res);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie }, remoteAddress: address });
    const expires = res.cookies.find((c) => c.name === 'computing_session')?.expires;
    return { cookie, csrf: session.json().csrftoken, expires: expires ? new Date(expires) : undefined };
  }
  const active = async (caller: Caller) => (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } })).json().active as boolean;
  /**
   * Whether the session still counts once the session cache has heard of a change the database
   * made (on PostgreSQL a notification, which arrives a moment later): asked until it no longer
   * counts, for at most two seconds (twice the cache's hard bound, MAX_AGE_MS).
   */
  const activeAfterNotice = async (caller: Caller) => {
    const until = Date.now() + 2000;
    while ((await active(caller)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    return active(caller);
  };
  const list = async (caller: Caller) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/internal/my-sessions/', headers: { cookie: caller.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().sessions as Listed[];
  };
  const post = (caller: Caller, url: string) => t.app.inject({ method: 'POST', url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf } });
  const sessionRows = async (username: string) =>
    t.ctx.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select(['sessions.id', 'sessions.last_used_at']).where('users.username', '=', username).execute();
  /**
   * Moves the last use of every session of `username` `minutes` into the past. The process's cache
   * would hold the fresh mark for up to a second more (sessions/session-cache.ts): as time passing
   * would, the user's entries are dropped.
   */
  const age = async (username: string, minutes: number) => {
    const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('sessions').set({ last_used_at: new Date(Date.now() - minutes * 60_000) }).where('user_id', '=', user.id).execute();
    sessionCacheOf(t.ctx.db)?.forgetUser(user.id);
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    for (const name of ['ana', 'iva', 'marko', 'luka', 'petra']) await addUser(t.ctx, name);
    await addUser(t.ctx, 'osoblje', { is_staff: true });
  });
  afterAll(() => t.close());

  it('lists one’s own sessions with when they started and were last used, the browser and the address', async () => {
    const laptop = await signIn('ana', '192.0.2.10', FIREFOX);
    await signIn('ana', '198.51.100.20', IPHONE);
    await signIn('iva', '192.0.2.30', FIREFOX);
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    const [mine, phone] = [sessions.find((s) => s.current)!, sessions.find((s) => !s.current)!];
    expect(mine).toMatchObject({ browser: 'Firefox 133', system: 'Windows', address: '192.0.2.10', federated: false });
    expect(phone).toMatchObject({ browser: 'Safari 17', system: 'iOS', address: '198.51.100.20', current: false });
    for (const s of sessions) {
      expect(Date.now() - new Date(s.started).getTime()).toBeLessThan(60_000);
      expect(new Date(s.lastUsed).getTime()).toBeGreaterThanOrEqual(new Date(s.started).getTime());
    }
    // The listed id is not the row's key, from which nothing else can be told either.
    const rows = await sessionRows('ana');
    expect(rows.map((r) => r.id)).not.toContain(mine.id);
  });

  it('ends a second session from the first; the first goes on', async () => {
    const first = await signIn('marko', '192.0.2.40', FIREFOX);
    const second = await signIn('marko', '192.0.2.41', IPHONE);
    expect(await active(second)).toBe(true);
    const other = (await list(first)).find((s) => !s.current)!;
    const res = await post(first, `/api/v1/internal/my-sessions/${other.id}/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ended: 1, currentEnded: false });
    expect(await active(second)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/internal/my-sessions/', headers: { cookie: second.cookie } })).statusCode).toBe(401);
    expect(await active(first)).toBe(true);
    expect((await list(first)).map((s) => s.current)).toEqual([true]);
    // Ended once: the same id is not found again.
    expect((await post(first, `/api/v1/internal/my-sessions/${other.id}/end`)).statusCode).toBe(404);
  });

  it('ends all others at once, and ending one’s own session signs out', async () => {
    const sessions = [await signIn('luka', '192.0.2.50', FIREFOX), await signIn('luka', '192.0.2.51', IPHONE), await signIn('luka', '192.0.2.52', FIREFOX)];
    const res = await post(sessions[0], '/api/v1/internal/my-sessions/end-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ended: 2, currentEnded: false });
    expect(await Promise.all(sessions.map(active))).toEqual([true, false, false]);
    const own = (await list(sessions[0]))[0];
    const out = await post(sessions[0], `/api/v1/internal/my-sessions/${own.id}/end`);
    expect(out.json()).toMatchObject({ ended: 1, currentEnded: true });
    expect(out.cookies.find((c) => c.name === 'computing_session')?.value).toBe('');
    expect(await active(sessions[0])).toBe(false);
  });

  it('answers another user’s session id exactly as an id that never was', async () => {
    const ana = await signIn('ana', '192.0.2.60', FIREFOX);
    const iva = await signIn('iva', '192.0.2.61', FIREFOX);
    const ivas = (await list(iva)).find((s) => s.current)!;
    const foreign = await t.app.inject({ method: 'POST', url: `/api/v1/internal/my-sessions/${ivas.id}/end`, headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf, 'accept-language': 'hr' } });
    const missing = await t.app.inject({ method: 'POST', url: `/api/v1/internal/my-sessions/${'x'.repeat(22)}/end`, headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf, 'accept-language': 'hr' } });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/internal/my-sessions/not-an-id/end', headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf, 'accept-language': 'hr' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(malformed.json()).toEqual(missing.json());
    expect(foreign.json().status.message).toBe('ana - Sesija nije pronađena; možda je već završila');
    expect(await active(iva)).toBe(true);
  });

  it('ends a session idle past its time: staff’s sooner than a user’s', async () => {
    const { sessions } = readConfig({});
    expect(sessions.staff.idle).toBeLessThan(sessions.user.idle);
    expect(sessions.staff.absolute).toBeLessThan(sessions.user.absolute);
    const user = await signIn('petra', '192.0.2.70', FIREFOX);
    const staff = await signIn('osoblje', '192.0.2.71', FIREFOX);
    // Between the two idle times: the staff session has ended, the user's goes on.
    const between = Math.round((sessions.staff.idle + Math.min(sessions.user.idle, 2 * sessions.staff.idle)) / 2);
    await age('petra', between);
    await age('osoblje', between);
    expect(await active(staff)).toBe(false);
    expect(await active(user)).toBe(true);
    // Past the user's idle time too.
    await age('petra', sessions.user.idle + 1);
    expect(await active(user)).toBe(false);
    expect(await sessionRows('petra')).toEqual([]);
  });

  it('gives a session an absolute lifetime, shorter for staff, as its cookie’s expiry', async () => {
    const { sessions } = t.ctx.config;
    const user = await signIn('petra', '192.0.2.72', FIREFOX);
    const staff = await signIn('osoblje', '192.0.2.73', FIREFOX);
    const minutesLeft = (expires?: Date) => Math.round((expires!.getTime() - Date.now()) / 60_000);
    expect(minutesLeft(user.expires)).toBe(sessions.user.absolute);
    expect(minutesLeft(staff.expires)).toBe(sessions.staff.absolute);
    const row = await t.ctx.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('expires_at').where('username', '=', 'osoblje').executeTakeFirstOrThrow();
    expect(Math.abs(new Date(row.expires_at).getTime() - staff.expires!.getTime())).toBeLessThan(1000);
  });

  it('marks a session used again after a minute, from the address that used it', async () => {
    const caller = await signIn('iva', '192.0.2.80', FIREFOX);
    await age('iva', 5);
    const before = Math.max(...(await sessionRows('iva')).map((r) => new Date(r.last_used_at).getTime()));
    await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie }, remoteAddress: '192.0.2.81' });
    const mine = (await list(caller)).find((s) => s.current)!;
    expect(mine.address).toBe('192.0.2.81');
    const rows = await sessionRows('iva');
    expect(Math.max(...rows.map((r) => new Date(r.last_used_at).getTime()))).toBeGreaterThan(before + 4 * 60_000);
  });

  it('purges sessions past their idle time with the expired ones', async () => {
    await signIn('marko', '192.0.2.90', FIREFOX);
    await age('marko', t.ctx.config.sessions.user.idle + 1);
    expect(await purgeExpiredSessions(t.ctx.db, t.ctx.config.sessions)).toBeGreaterThan(0);
    expect(await sessionRows('marko')).toEqual([]);
  });

  it('ends every session of a user switched off, however it is done', async () => {
    const one = await signIn('ana', '192.0.2.100', FIREFOX);
    const two = await signIn('ana', '192.0.2.101', IPHONE);
    expect(await active(one)).toBe(true);
    await updateLocalUser(t.ctx.db, 'ana', { active: false });
    expect(await activeAfterNotice(one)).toBe(false);
    expect(await activeAfterNotice(two)).toBe(false);
    expect(await sessionRows('ana')).toEqual([]);
    // A statement by hand (or an import) as well: the database ends them.
    const iva = await signIn('iva', '192.0.2.102', FIREFOX);
    await t.ctx.db.updateTable('users').set({ is_active: false }).where('username', '=', 'iva').execute();
    expect(await activeAfterNotice(iva)).toBe(false);
    expect(await sessionRows('iva')).toEqual([]);
  });

  it('reads the session lifetimes from the environment and refuses nonsense', () => {
    expect(readConfig({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_MINUTES: '600', SESSION_STAFF_IDLE_MINUTES: '15', SESSION_STAFF_MAX_MINUTES: '120' }).sessions).toEqual({
      user: { idle: 30, absolute: 600 },
      staff: { idle: 15, absolute: 120 },
    });
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow('SESSION_IDLE_MINUTES must be at least 1');
    expect(() => readConfig({ SESSION_STAFF_IDLE_MINUTES: '900', SESSION_STAFF_MAX_MINUTES: '600' })).toThrow('must not be longer than SESSION_STAFF_MAX_MINUTES');
  });

  it('sums a User-Agent up as a browser and a system', () => {
    expect(userAgentSummary(FIREFOX)).toEqual({ browser: 'Firefox 133', system: 'Windows' });
    expect(userAgentSummary(IPHONE)).toEqual({ browser: 'Safari 17', system: 'iOS' });
    expect(userAgentSummary('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86')).toEqual({
      browser: 'Edge 131',
      system: 'macOS',
    });
    expect(userAgentSummary('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toEqual({
      browser: 'Chrome 131',
      system: 'Android',
    });
    expect(userAgentSummary('')).toEqual({ browser: null, system: null });
  });
});
