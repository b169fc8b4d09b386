import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/tables';
import type { AppContext } from '../../src/server/context';
import { lookupIds } from '../../src/server/db/vocabularies';
import { projectsListJson } from '../../src/server/projects/queries-list';
import { activeUsersJson, inactiveUsersJson } from '../../src/server/users/users-lists';
import { projectsUsersList, sshKeysList, usersProjectsList } from '../../src/server/external/external-lists';
import { loadExternalMaps } from '../../src/server/external/external-maps';
import { listUpkeepOf, type LiveListSpec } from '../../src/server/lists/list-upkeep';
import { RowStore } from '../../src/server/lists/row-store';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, testConfig, type Caller, type TestApp } from '../../harness/test-app';
import { createTestDatabase, type TestDatabase } from '../../harness/test-database';
import { addProject, addUser } from '../support/fixtures';
import { apiKey } from '../support/accounting';
import { closePools } from '../support/close-pools';

const schemas = loadSchemaSet();
const maps = loadExternalMaps(schemas, undefined);
const STATES = ['submit', 'approve', 'extend', 'expire', 'deny'];
const ACTIVE_STATES = new Set(['approve', 'extend']);

/** Every whole list, and how a full build writes it now (the reference the held answer must equal byte for byte). */
const LISTS: Record<string, (db: Kysely<Database>) => Promise<string>> = {
  '/api/v1/internal/active-users/': (db) => activeUsersJson(db, schemas),
  '/api/v1/internal/inactive-users/': (db) => inactiveUsersJson(db, schemas),
  '/api/v1/internal/projects/all': (db) => projectsListJson(db),
  '/api/v1/usersprojects': async (db) => rebuilt(usersProjectsList(db, schemas, {})),
  '/api/v1/sshkeys': async (db) => rebuilt(sshKeysList(db)),
  '/api/v1/accounting/projectsusers': async (db) => rebuilt(projectsUsersList(db, schemas, maps, {})),
};

async function rebuilt(spec: LiveListSpec): Promise<string> {
  return new RowStore(await spec.rows(null), spec.separator).text().toString('utf8');
}

const jsonOf = (res: LightMyRequestResponse) => (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body);

/** One change of each kind the lists show, on users and projects picked by index. */
type Change =
  | { kind: 'state'; project: number; state: string }
  | { kind: 'join'; user: number; project: number; lead: boolean }
  | { kind: 'leave'; user: number; project: number }
  | { kind: 'profile'; user: number; name: string; status: boolean }
  | { kind: 'key-add'; user: number }
  | { kind: 'key-delete'; user: number }
  | { kind: 'software'; name: string };

const USERS = 6;
const PROJECTS = 4;
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('state' as const), project: fc.nat(PROJECTS - 1), state: fc.constantFrom(...STATES) }),
  fc.record({ kind: fc.constant('join' as const), user: fc.nat(USERS - 1), project: fc.nat(PROJECTS - 1), lead: fc.boolean() }),
  fc.record({ kind: fc.constant('leave' as const), user: fc.nat(USERS - 1), project: fc.nat(PROJECTS - 1) }),
  fc.record({ kind: fc.constant('profile' as const), user: fc.nat(USERS - 1), name: fc.constantFrom('Ana', 'Željka', 'Ivan "Ivo"', 'Đuro'), status: fc.boolean() }),
  fc.record({ kind: fc.constant('key-add' as const), user: fc.nat(USERS - 1) }),
  fc.record({ kind: fc.constant('key-delete' as const), user: fc.nat(USERS - 1) }),
  fc.record({ kind: fc.constant('software' as const), name: fc.string({ minLength: 1, maxLength: 8 }) }),
);

let keyCount = 0;

async function apply(db: Kysely<Database>, c: Change, users: number[], projects: number[]): Promise<void> {
  const ids = { states: await lookupIds(db, 'states'), roles: await lookupIds(db, 'roles') };
  switch (c.kind) {
    case 'state':
      await db.updateTable('projects').set({ state_id: ids.states.get(c.state)!, is_active: ACTIVE_STATES.has(c.state) }).where('id', '=', projects[c.project]).execute();
      return;
    case 'join':
      await db
        .insertInto('memberships')
        .values({ user_id: users[c.user], project_id: projects[c.project], role_id: ids.roles.get(c.lead ? 'lead' : 'collaborator')! })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    case 'leave':
      await db.deleteFrom('memberships').where('user_id', '=', users[c.user]).where('project_id', '=', projects[c.project]).execute();
      return;
    case 'profile':
      await db.updateTable('users').set({ first_name: c.name, status: c.status }).where('id', '=', users[c.user]).execute();
      return;
    case 'key-add':
      keyCount += 1;
      await db.insertInto('ssh_keys').values({ user_id: users[c.user], name: `k${keyCount}`, fingerprint: `fp${keyCount}`, public_key: `ssh-ed25519 AAAA${keyCount}` }).execute();
      return;
    case 'key-delete':
      await db.deleteFrom('ssh_keys').where('id', '=', sql<number>`(SELECT max(id) FROM ssh_keys WHERE user_id = ${users[c.user]})`).execute();
      return;
    case 'software':
      await db.insertInto('science_software').values({ name: `${c.name}-${keyCount++}` }).execute();
  }
}

describe('whole lists kept current row by row, in two processes', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: FastifyInstance;
  let otherDb: Kysely<Database>;
  let secondContext: AppContext;
  const logged: string[] = [];
  let staff: Caller;
  let key: string;
  const users: number[] = [];
  const projects: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startTestApp({ seed: false, schemas, database });
    await addUser(first.ctx, 'staff', { is_staff: true, status: true });
    for (let i = 0; i < USERS; i += 1) users.push(await addUser(first.ctx, `user${i}`, { status: i % 2 === 0, person_username: `u${i}` }));
    for (let i = 0; i < PROJECTS; i += 1) projects.push(await addProject(first.ctx, `NR-2026-01-00${i}`, STATES[i % STATES.length], [[users[i], 'lead']]));
    staff = await first.login('staff');
    key = await apiKey(first, ['read']);
    // PostgreSQL: a pool of its own, as another process has; the embedded database has one connection to share.
    otherDb = database.kind === 'postgres' ? (await database.open()).db : first.ctx.db;
    secondContext = { db: otherDb, schemas, config: testConfig() };
    // Its upkeep made before any read, so that what its check logs is seen.
    listUpkeepOf(secondContext, otherDb, (m) => logged.push(m));
    second = await buildApp(secondContext, { logger: false });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await closePools(database.kind, [first.ctx.db, otherDb]);
    await database.drop();
  });

  const read = (app: FastifyInstance, url: string) =>
    app.inject({ url, headers: { 'accept-encoding': 'gzip', ...(url.startsWith('/api/v1/internal') ? { cookie: staff.cookie } : { authorization: `Api-Key ${key}` }) } });

  it('after every kind of change, the changer and the other process read what a full build writes', async () => {
    for (const url of Object.keys(LISTS)) await read(second, url);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(change, fc.boolean()), { minLength: 1, maxLength: 6 }), async (changes) => {
        for (const [c, secondChanges] of changes) {
          const [changer, other] = secondChanges ? [second, first.app] : [first.app, second];
          await apply(secondChanges ? otherDb : first.ctx.db, c, users, projects);
          for (const [url, build] of Object.entries(LISTS)) {
            const fresh = await build(first.ctx.db);
            for (const app of [changer, other]) {
              const res = await read(app, url);
              expect({ url, change: c, status: res.statusCode, body: jsonOf(res) }).toEqual({ url, change: c, status: 200, body: fresh });
            }
          }
        }
      }),
      { numRuns: 8 },
    );
  });

  it('the periodic check finds a difference made behind its back, logs it and repairs it', async () => {
    const url = '/api/v1/internal/active-users/';
    await read(second, url);
    // The user on an active project, whatever the random changes left: in active-users and projects/all.
    await apply(first.ctx.db, { kind: 'join', user: 0, project: 0, lead: true }, users, projects);
    await apply(first.ctx.db, { kind: 'state', project: 0, state: 'approve' }, users, projects);
    for (const list of Object.keys(LISTS)) await read(second, list);
    // A change that notes nothing: as if a trigger had been lost.
    await first.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ last_name: 'Iza leđa' }).where('id', '=', users[0]).execute();
      await sql`DELETE FROM list_row_changes WHERE id = (SELECT max(id) FROM list_row_changes)`.execute(trx);
    });
    expect(jsonOf(await read(second, url))).not.toContain('Iza leđa');
    expect(await listUpkeepOf(secondContext, otherDb, () => undefined).check()).toBeGreaterThan(0);
    // Every list that shows the user's name held the old one.
    expect(logged).toContainEqual(expect.stringMatching(/^list active-users\|.*: 1 held row\(s\) differed from a full build; repaired$/));
    expect(logged).toContainEqual(expect.stringMatching(/^list projects-all\|.*repaired$/));
    expect(jsonOf(await read(second, url))).toBe(await LISTS[url](first.ctx.db));
    expect(jsonOf(await read(second, url))).toContain('Iza leđa');
  });
});
