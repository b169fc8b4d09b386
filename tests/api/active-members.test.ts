import { sql } from 'kysely';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { activeStateNames } from '../../src/server/projects/active-states';
import { lookupIds, syncVocabularies } from '../../src/server/db/vocabularies';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { repairActiveMembers } from '../../src/server/memberships/active-members';

/*
 * `active_members` (migration 0022), and the users' flag that follows it (0023), are what the
 * active users' grid pages read: after any sequence of changes both hold exactly the users the
 * list's own definition names (a membership on a project in a state rules/states.json marks
 * isActive), and a page shows a change at once.
 */
const schemas = loadSchemaSet();

/** A small deterministic generator, so that a failing sequence can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the active members the database keeps', () => {
  let t: TestApp;
  let staff: Caller;
  let staffId: number;
  beforeAll(async () => {
    t = await startTestApp({ schemas });
    staff = await t.login('staff');
    staffId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  /** The users the list's own definition calls active, those the table holds and those flagged (migration 0023). */
  async function both(): Promise<{ defined: number[]; kept: number[]; flagged: number[] }> {
    const names = activeStateNames(schemas);
    const defined = await sql<{ id: number }>`
      SELECT DISTINCT mb.user_id::int AS id FROM memberships mb JOIN projects p ON p.id = mb.project_id JOIN states s ON s.id = p.state_id
       WHERE s.name IN (${sql.join(names)}) ORDER BY 1`.execute(t.ctx.db);
    const kept = await sql<{ id: number }>`SELECT user_id::int AS id FROM active_members ORDER BY 1`.execute(t.ctx.db);
    const flagged = await sql<{ id: number }>`SELECT id::int AS id FROM users WHERE active_member ORDER BY 1`.execute(t.ctx.db);
    return { defined: defined.rows.map((r) => r.id), kept: kept.rows.map((r) => r.id), flagged: flagged.rows.map((r) => r.id) };
  }

  it('holds the demo data’s active users from the start', async () => {
    const { defined, kept, flagged } = await both();
    expect(defined.length).toBeGreaterThan(0);
    expect(kept).toEqual(defined);
    expect(flagged).toEqual(defined);
  });

  it('stays equal to the definition over random memberships, state changes, deletions and a change of the active states', async () => {
    const next = random(20261127);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const states = [...(await lookupIds(t.ctx.db, 'states')).values()];
    const roles = [...(await lookupIds(t.ctx.db, 'roles')).values()];
    const ids = async (table: 'users' | 'projects') => (await t.ctx.db.selectFrom(table).select('id').execute()).map((r) => r.id);
    for (let step = 0; step < 60; step += 1) {
      const users = await ids('users');
      const projects = await ids('projects');
      const kind = pick(['join', 'join', 'leave', 'state', 'state', 'states-at-once', 'drop-project', 'drop-user'] as const);
      if (kind === 'join') {
        await t.ctx.db
          .insertInto('memberships')
          .values({ user_id: pick(users), project_id: pick(projects), role_id: pick(roles) })
          .onConflict((oc) => oc.doNothing())
          .execute();
      } else if (kind === 'leave') {
        const row = await t.ctx.db.selectFrom('memberships').select('id').orderBy('id').offset(Math.floor(next() * 20)).limit(1).executeTakeFirst();
        if (row) await t.ctx.db.deleteFrom('memberships').where('id', '=', row.id).execute();
      } else if (kind === 'state') {
        await t.ctx.db.updateTable('projects').set({ state_id: pick(states) }).where('id', '=', pick(projects)).execute();
      } else if (kind === 'states-at-once') {
        // One statement moving several projects, some into an active state and some out of one.
        const some = projects.filter(() => next() < 0.3);
        if (some.length) await t.ctx.db.updateTable('projects').set({ state_id: pick(states) }).where('id', 'in', some).execute();
      } else if (kind === 'drop-project' && projects.length > 5) {
        await t.ctx.db.deleteFrom('projects').where('id', '=', pick(projects)).execute();
      } else if (kind === 'drop-user' && users.length > 5) {
        const user = pick(users.filter((id) => id !== staffId));
        await t.ctx.db.deleteFrom('sessions').where('user_id', '=', user).execute();
        await t.ctx.db.deleteFrom('users').where('id', '=', user).execute().catch(() => undefined);
      }
      const { defined, kept, flagged } = await both();
      expect({ step, kind, kept, flagged }).toEqual({ step, kind, kept: defined, flagged: defined });
    }
  });

  it('follows the active states of the schema set in force', async () => {
    const states = await lookupIds(t.ctx.db, 'states');
    const approve = states.get('approve')!;
    // A set in which only projects being extended count: far fewer active users.
    await sql`DELETE FROM active_states WHERE state_id <> ${states.get('extend')!}`.execute(t.ctx.db);
    const fewer = await sql<{ n: number }>`SELECT count(*)::int AS n FROM active_members`.execute(t.ctx.db);
    const extendOnly = await sql<{ n: number }>`
      SELECT count(DISTINCT mb.user_id)::int AS n FROM memberships mb JOIN projects p ON p.id = mb.project_id WHERE p.state_id = ${states.get('extend')!}`.execute(t.ctx.db);
    expect(fewer.rows[0].n).toBe(extendOnly.rows[0].n);
    // Syncing the vocabularies (start, or a schema set put live) brings the set of rules/states.json back.
    await syncVocabularies(t.ctx.db, schemas);
    const restored = await sql<{ id: number }>`SELECT state_id::int AS id FROM active_states ORDER BY 1`.execute(t.ctx.db);
    expect(restored.rows.map((r) => r.id)).toContain(approve);
    const { defined, kept, flagged } = await both();
    expect(kept).toEqual(defined);
    expect(flagged).toEqual(defined);
  });

  it('shows on the next page call: a user whose only active project ends leaves the active users grid', async () => {
    const user = await addUser(t.ctx, 'jedini-projekt', { first_name: 'Jedan', last_name: 'Projektić' });
    const project = await addProject(t.ctx, 'NR-2026-11-99001', 'approve', [[user, 'lead']]);
    const listed = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/internal/grid-page/users-active?limit=30&searchName=projekti&tz=Europe/Zagreb', headers: { cookie: staff.cookie } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { rows: { username: string }[] }).rows.map((r) => r.username);
    };
    expect(await listed()).toEqual(['jedini-projekt']);
    const expired = (await lookupIds(t.ctx.db, 'states')).get('expire')!;
    await t.ctx.db.updateTable('projects').set({ state_id: expired }).where('id', '=', project).execute();
    expect(await listed()).toEqual([]);
  });
  it('the periodic check repairs a difference made behind the triggers’ back, and finds none otherwise', async () => {
    expect(await repairActiveMembers(t.ctx.db)).toBe(0);
    const outsider = await addUser(t.ctx, 'bez-projekta', { first_name: 'Bez', last_name: 'Projekta' });
    const member = await addUser(t.ctx, 'sa-projektom', { first_name: 'Sa', last_name: 'Projektom' });
    await addProject(t.ctx, 'NR-2026-11-99004', 'approve', [[member, 'lead']]);
    // As if a trigger had been lost: a user without projects added, an active one removed.
    await sql`INSERT INTO active_members (user_id) VALUES (${outsider})`.execute(t.ctx.db);
    await sql`DELETE FROM active_members WHERE user_id = ${member}`.execute(t.ctx.db);
    expect(await repairActiveMembers(t.ctx.db)).toBe(2);
    // A user's flag set apart from the table.
    await sql`UPDATE users SET active_member = true WHERE id = ${outsider}`.execute(t.ctx.db);
    expect(await repairActiveMembers(t.ctx.db)).toBe(1);
    const { defined, kept, flagged } = await both();
    expect(kept).toEqual(defined);
    expect(flagged).toEqual(defined);
  });
});
