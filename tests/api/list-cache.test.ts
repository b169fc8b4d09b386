import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/tables';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { acceptsGzip, parseIfNoneMatch } from '../../src/server/plugins/list-replies';
import { projectsListJson } from '../../src/server/projects/queries-list';
import { activeUsersJson, inactiveUsersJson } from '../../src/server/users/users-lists';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, testConfig, type Caller, type TestApp } from '../../harness/test-app';
import { createTestDatabase } from '../../harness/test-database';
import { addProject, addUser } from '../support/fixtures';
import { closePools } from '../support/close-pools';

const schemas = loadSchemaSet();
const ACTIVE = '/api/v1/internal/active-users/';
const INACTIVE = '/api/v1/internal/inactive-users/';
const ALL = '/api/v1/internal/projects/all';

/** The JSON each list answers when built afresh, without the cache. */
const FRESH: Record<string, (db: Kysely<Database>) => Promise<string>> = {
  [ACTIVE]: (db) => activeUsersJson(db, schemas),
  [INACTIVE]: (db) => inactiveUsersJson(db, schemas),
  [ALL]: (db) => projectsListJson(db),
};

/** The JSON text of an answer, decompressed when it came gzip-encoded. */
function jsonOf(res: LightMyRequestResponse): string {
  return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
}

/** GET as a signed-in caller. */
async function get(app: FastifyInstance, caller: Caller, url: string, headers: Record<string, string> = { 'accept-encoding': 'gzip' }) {
  return app.inject({ method: 'GET', url, headers: { cookie: caller.cookie, ...headers } });
}

/** Asserts that every list answers exactly what a fresh build answers now. */
async function expectFresh(app: FastifyInstance, db: Kysely<Database>, caller: Caller): Promise<void> {
  for (const url of [ACTIVE, INACTIVE, ALL]) {
    const res = await get(app, caller, url);
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toBe(await FRESH[url](db));
  }
}

describe('cached staff lists', () => {
  let t: TestApp;
  let staff: Caller;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    for (const [name, extra] of [
      ['staff', { is_staff: true, status: true }],
      ['lead', { status: true, person_oib: '12345678901' }],
      ['collab', { status: true }],
      ['past', { status: false }],
    ] as const)
      ids.set(name, await addUser(t.ctx, name, extra));
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[ids.get('lead')!, 'lead'], [ids.get('collab')!, 'collaborator']]);
    await addProject(t.ctx, 'NR-2025-01-002', 'expire', [[ids.get('past')!, 'lead']]);
    staff = await t.login('staff');
  });
  afterAll(() => t.close());

  it('answers the same JSON, byte for byte, as a fresh build, when built and when read back', async () => {
    for (const url of [ACTIVE, INACTIVE, ALL]) {
      const first = await get(t.app, staff, url);
      const second = await get(t.app, staff, url);
      const fresh = await FRESH[url](t.ctx.db);
      expect(jsonOf(first)).toBe(fresh);
      expect(jsonOf(second)).toBe(fresh);
      expect(second.headers.etag).toBe(first.headers.etag);
    }
    const all = JSON.parse(jsonOf(await get(t.app, staff, ALL)));
    expect(all.map((p: { identifier: string }) => p.identifier).sort()).toEqual(['NR-2025-01-002', 'NR-2026-01-001']);
  });

  it('shows a change to any table a list reads on the next call', async () => {
    const db = t.ctx.db;
    const changes: [string, () => Promise<unknown>][] = [
      ['a new project', () => addProject(t.ctx, 'NR-2026-02-001', 'approve', [[ids.get('past')!, 'lead']])],
      ['a membership', async () => addProject(t.ctx, 'NR-2026-02-002', 'approve', [[ids.get('collab')!, 'lead']])],
      ["a user's name", () => db.updateTable('users').set({ first_name: 'Ivana' }).where('id', '=', ids.get('collab')!).execute()],
      ['a key', () => db.insertInto('ssh_keys').values({ user_id: ids.get('lead')!, name: 'k1', fingerprint: 'fp1', public_key: 'ssh-ed25519 AAAA1' }).execute()],
      ['a status', () => db.updateTable('users').set({ status: false }).where('id', '=', ids.get('lead')!).execute()],
      ['a deleted membership', () => db.deleteFrom('memberships').where('user_id', '=', ids.get('past')!).execute()],
      ['a deleted user', () => db.deleteFrom('users').where('id', '=', ids.get('collab')!).execute()],
    ];
    for (const [what, change] of changes) {
      const before = await Promise.all([ACTIVE, INACTIVE, ALL].map(async (url) => jsonOf(await get(t.app, staff, url))));
      await change();
      const after = await Promise.all([ACTIVE, INACTIVE, ALL].map(async (url) => jsonOf(await get(t.app, staff, url))));
      expect({ what, changed: after.join() !== before.join() }).toEqual({ what, changed: true });
      await expectFresh(t.app, db, staff);
    }
  });

  it('notes no change for sign-ins and statements that change no row', async () => {
    await expectFresh(t.app, t.ctx.db, staff);
    const noted = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM list_row_changes`.execute(t.ctx.db)).rows[0].n);
    const before = await noted();
    await t.login('staff');
    await syncVocabularies(t.ctx.db, schemas);
    await t.ctx.db.updateTable('projects').set({ name: sql`name` }).execute();
    expect(await noted()).toBe(before);
    await expectFresh(t.app, t.ctx.db, staff);
  });

  it('sends gzip with an ETag, answers 304 to it, and plain JSON to a client without gzip', async () => {
    const res = await get(t.app, staff, ACTIVE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get(t.app, staff, ACTIVE, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const plain = await get(t.app, staff, ACTIVE, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body).toBe(jsonOf(res));
    expect((await get(t.app, staff, ACTIVE, { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();

    await addUser(t.ctx, 'newcomer', { status: false });
    const changed = await get(t.app, staff, INACTIVE, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(jsonOf(changed)).toContain('"newcomer"');
  });

  it("a staff member's change through the API is in their next read of the list, at once", async () => {
    const other = await t.login('staff');
    const mine = await t.login('staff');
    const names = async (caller: Caller, cookie = caller.cookie) =>
      JSON.parse(jsonOf(await t.app.inject({ method: 'GET', url: ALL, headers: { cookie, 'accept-encoding': 'gzip' } }))).map((p: { name: string }) => p.name);
    const before = await names(other);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/internal/projects/${encodeURIComponent('NR-2026-01-001')}`,
      headers: { cookie: mine.cookie, 'x-csrftoken': mine.csrf },
      payload: { name: 'Preimenovani projekt', staff_resources_type: [{ label: 'CPU', value: 'CPU' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await names(mine)).toContain('Preimenovani projekt');
    expect(await names(other)).toContain('Preimenovani projekt');
    expect(before).not.toContain('Preimenovani projekt');
  });

  it('reads request headers as HTTP means them', () => {
    expect(acceptsGzip('gzip, deflate')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(parseIfNoneMatch('"a", W/"b"')).toEqual(['W/"a"', 'W/"b"']);
  });
});

describe('cached lists shared by two app processes', () => {
  it("see each other's changes on their next read", async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestApp({ seed: false, schemas, database });
      await addUser(first.ctx, 'staff', { is_staff: true, status: true });
      const lead = await addUser(first.ctx, 'lead', { status: true });
      await addProject(first.ctx, 'NR-2026-01-001', 'approve', [[lead, 'lead']]);
      const staff = await first.login('staff');
      // PostgreSQL: a second connection pool, as another process has. The embedded database takes
      // one connection, so there the second app shares it (still no state shared in memory).
      const db = database.kind === 'postgres' ? (await database.open()).db : first.ctx.db;
      const second = await buildApp({ db, schemas, config: testConfig() }, { logger: false });
      try {
        await expectFresh(first.app, first.ctx.db, staff);
        await expectFresh(second, db, staff);

        await addProject({ ...first.ctx, db }, 'NR-2026-01-002', 'approve', [[lead, 'collaborator']]);
        await db.updateTable('users').set({ last_name: 'Kovač' }).where('id', '=', lead).execute();
        const answers = await Promise.all(
          [first.app, second, first.app, second].map(async (app) => jsonOf(await get(app, staff, ALL))),
        );
        const fresh = await FRESH[ALL](db);
        expect(answers).toEqual([fresh, fresh, fresh, fresh]);
        expect(fresh).toContain('NR-2026-01-002');
        expect(fresh).toContain('Kovač');
        await expectFresh(first.app, first.ctx.db, staff);
        await expectFresh(second, db, staff);
      } finally {
        await second.close();
        await first.close();
        await closePools(database.kind, [first.ctx.db, db]);
      }
    } finally {
      await database.drop();
    }
  });
});
