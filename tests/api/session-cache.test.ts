import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { lookupIds } from '../../src/server/db/vocabularies';
import type { DatabaseHandle } from '../../src/server/db/database';
import { MAX_AGE_MS, SessionCache, startSessionCache } from '../../src/server/sessions/session-cache';
import { createSession, findSession } from '../../src/server/sessions/sessions';
import { endFederatedSessions } from '../../src/server/saml/logout';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, testConfig, type Caller, type TestApp } from '../../harness/test-app';
import { createTestDatabase } from '../../harness/test-database';

const schemas = loadSchemaSet();

/*
 * Sessions are held in memory by each process; every change to a session, a user or their
 * memberships must reach the next request at once, also on another process. On PostgreSQL the
 * second app has its own connections and its own cache (a second process in all but the pid); the
 * embedded database is held by one process, so there the second app shares the first one's cache.
 * Another PostgreSQL process learns of a change when the notification arrives (about a millisecond
 * on one machine) and, should one be lost, when its entry is older than MAX_AGE_MS: `eventually`
 * asks again until then, and fails after that bound.
 */
describe('session check held in memory', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherHandle: DatabaseHandle | undefined;
  beforeAll(async () => {
    t = await startTestApp({ schemas });
    if (t.database.kind === 'postgres') {
      otherHandle = await t.database.open();
      await startSessionCache(otherHandle);
    }
    other = await buildApp({ db: otherHandle?.db ?? t.ctx.db, schemas, config: testConfig() }, { logger: false });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const session = (app: typeof other, caller: Caller) => app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: caller.cookie } });
  /** The answer of `ask` once it passes `check`, asked again for at most MAX_AGE_MS on the other process. */
  async function eventually<T>(app: typeof other, ask: () => Promise<T>, check: (answer: T) => boolean): Promise<T> {
    const until = Date.now() + (app === other && otherHandle ? MAX_AGE_MS : 0);
    for (;;) {
      const answer = await ask();
      if (check(answer) || Date.now() > until) return answer;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const activeOn = async (app: typeof other, caller: Caller, expected: boolean) =>
    (await eventually(app, () => session(app, caller), (res) => res.json().active === expected)).json().active;

  it('a logout on one process is refused on the other by the next request', async () => {
    const lead = await t.login('lead');
    for (const app of [t.app, other]) expect((await session(app, lead)).json().active).toBe(true);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf } });
    expect(out.statusCode).toBe(200);
    for (const app of [other, t.app]) expect(await activeOn(app, lead, false)).toBe(false);
    const mine = await other.inject({ method: 'GET', url: '/api/v1/internal/projects/', headers: { cookie: lead.cookie } });
    expect(mine.statusCode).toBe(401);
  });

  it('a session ended in the database (revoked by an administrator) is refused by both at once', async () => {
    const collab = await t.login('collab');
    for (const app of [t.app, other]) expect((await session(app, collab)).json().active).toBe(true);
    const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'collab').executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    for (const app of [other, t.app]) expect(await activeOn(app, collab, false)).toBe(false);
  });

  it('a deactivated user and a change of staff rights take effect on the next request', async () => {
    const newbie = await t.login('newbie');
    const lists = (app: typeof other) => app.inject({ method: 'GET', url: '/api/v1/internal/active-users/', headers: { cookie: newbie.cookie } });
    for (const app of [t.app, other]) expect((await lists(app)).statusCode).toBe(403);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('username', '=', 'newbie').execute();
    for (const app of [other, t.app]) expect((await eventually(app, () => lists(app), (res) => res.statusCode === 200)).statusCode).toBe(200);
    await t.ctx.db.updateTable('users').set({ is_active: false }).where('username', '=', 'newbie').execute();
    for (const app of [other, t.app]) expect(await activeOn(app, newbie, false)).toBe(false);
  });

  it('a new membership shows in the next session answer of both', async () => {
    const foreign = await t.login('foreign');
    const before = (await session(other, foreign)).json().userdetails.userproject_set.length;
    expect((await session(t.app, foreign)).json().userdetails.userproject_set).toHaveLength(before);
    const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'foreign').executeTakeFirstOrThrow();
    const collaborator = (await lookupIds(t.ctx.db, 'roles')).get('collaborator');
    await sql`INSERT INTO memberships (user_id, project_id, role_id)
              SELECT ${user.id}, p.id, ${collaborator} FROM projects p
               WHERE NOT EXISTS (SELECT 1 FROM memberships m WHERE m.project_id = p.id AND m.user_id = ${user.id})
               ORDER BY p.id LIMIT 1`.execute(t.ctx.db);
    const count = (res: Awaited<ReturnType<typeof session>>) => res.json().userdetails.userproject_set.length;
    for (const app of [other, t.app]) expect(count(await eventually(app, () => session(app, foreign), (res) => count(res) === before + 1))).toBe(before + 1);
  });
});

describe('the process that ends sessions', () => {
  it("refuses a federated identity's sessions at once, before any notification", async () => {
    const database = await createTestDatabase({ seeded: true });
    try {
      const handle = await database.open();
      // A cache on a connection whose notifications never arrive: what the process itself forgets is all it knows.
      await startSessionCache({ db: handle.db, listen: async () => async () => {} });
      const user = await handle.db.selectFrom('users').select('id').where('username', '=', 'collab').executeTakeFirstOrThrow();
      const idp = 'https://idp.example.org/aai';
      const saml = { nameId: '_slo-name-id', nameIdFormat: null, sessionIndex: '_slo-index', federation: 'national' };
      const { token } = await createSession(handle.db, user.id, 1, idp, saml);
      const other = await createSession(handle.db, user.id, 1, idp, { ...saml, nameId: '_another-name-id' });
      for (const held of [token, token, other.token]) expect((await findSession(handle.db, held))?.user.id).toBe(user.id);
      await endFederatedSessions(handle.db, 'national', idp, saml.nameId);
      expect(await findSession(handle.db, token)).toBeNull();
      expect((await findSession(handle.db, other.token))?.user.id).toBe(user.id);
    } finally {
      await database.drop();
    }
  });
});

describe('SessionCache', () => {
  const auth = { sessionId: 's1', csrfToken: 'c', saml2Idp: null, user: { id: 7 } } as never;

  it('reads an entry again once it is older than MAX_AGE_MS, notification or not', () => {
    const cache = new SessionCache();
    cache.store('s1', auth, new Date(Date.now() + 86_400_000), cache.stamp, 1_000);
    expect(cache.get('s1', 1_000 + MAX_AGE_MS)).toBeDefined();
    expect(cache.get('s1', 1_001 + MAX_AGE_MS)).toBeUndefined();
  });

  it('does not keep a read that a notification overtook, and forgets a notified user', () => {
    const cache = new SessionCache();
    const stamp = cache.stamp;
    cache.notified('7');
    cache.store('s1', auth, new Date(Date.now() + 86_400_000), stamp);
    expect(cache.get('s1')).toBeUndefined();
    cache.store('s1', auth, new Date(Date.now() + 86_400_000), cache.stamp);
    expect(cache.get('s1')).toBeDefined();
    cache.notified('8');
    expect(cache.get('s1')).toBeDefined();
    cache.notified('7');
    expect(cache.get('s1')).toBeUndefined();
  });

  it('holds nothing once its listening connection is lost', () => {
    const cache = new SessionCache();
    cache.store('s1', auth, new Date(Date.now() + 86_400_000), cache.stamp);
    cache.stop();
    cache.store('s1', auth, new Date(Date.now() + 86_400_000), cache.stamp);
    expect(cache.get('s1')).toBeUndefined();
  });
});
