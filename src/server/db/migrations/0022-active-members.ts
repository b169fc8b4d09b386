import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, RETURN_IF_NO_ROWS } from '../statement-triggers';

/*
 * Who is an active user, kept by the database (docs/decisions/0490-active-members-kept-by-the-database.md).
 *
 * The staff grid of active users lists every user with a membership on a project in an active
 * state. Asked per user, that condition (memberships → projects → states) was most of a filtered
 * page call at 100,000 users. `active_members` holds those users, one row each; `active_states`
 * holds the states that count, which the server writes from rules/states.json (`isActive`) at
 * start and with every schema set it puts live (db/vocabularies.ts).
 *
 * Statement triggers keep it: a membership added on a project in an active state adds its user; a
 * membership removed, or a project leaving an active state, removes a user who has no other such
 * membership; a project entering one adds its members; a change of the active states rebuilds it.
 * Each trigger first takes one transaction-scoped advisory lock, so two transactions that change
 * one user's memberships never decide on each other's uncommitted rows: the second decides after the
 * first has committed, on a fresh read (READ COMMITTED). Membership writes are few (approvals,
 * invitations, imports), so serialising them costs nothing a user notices.
 */

/** The transaction-scoped advisory lock every decision on `active_members` takes. */
export const ACTIVE_MEMBERS_LOCK = 7_352_410;

/** Whether the user `m.user_id` still holds a membership on a project in an active state. */
const STILL_ACTIVE = 'EXISTS (SELECT 1 FROM active_members_defined d WHERE d.user_id = m.user_id)';

/** Creates `fn`, a plpgsql trigger function with `body`, and its statement triggers on `table`. */
async function keptBy(db: Kysely<unknown>, table: string, fn: string, body: string): Promise<void> {
  await sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} END $$`).execute(db);
  await createStatementTriggers(db, table, 'active_members', fn, sql``);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE active_states (state_id bigint PRIMARY KEY REFERENCES states (id) ON DELETE CASCADE)`.execute(db);
  await sql`CREATE TABLE active_members (user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE)`.execute(db);

  // What active_members must hold, written once: the rebuild, the triggers' checks and the periodic
  // repair read it. One row per such membership, not per user: a condition on user_id then reaches
  // the memberships' index instead of a grouping of them all.
  await sql`
    CREATE VIEW active_members_defined AS
      SELECT mb.user_id FROM memberships mb JOIN projects p ON p.id = mb.project_id JOIN active_states a ON a.state_id = p.state_id`.execute(db);
  await sql`
    CREATE FUNCTION active_members_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM active_members;
      INSERT INTO active_members (user_id) SELECT DISTINCT user_id FROM active_members_defined;
    END $$`.execute(db);

  // Memberships: new_rows may add their users, old_rows may remove theirs.
  await keptBy(db, 'memberships', 'active_members_memberships', `
         PERFORM pg_advisory_xact_lock(${ACTIVE_MEMBERS_LOCK});
         IF TG_OP = 'TRUNCATE' THEN
           PERFORM active_members_rebuild();
           RETURN NULL;
         END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN
           INSERT INTO active_members (user_id)
             SELECT DISTINCT n.user_id FROM new_rows n JOIN projects p ON p.id = n.project_id JOIN active_states a ON a.state_id = p.state_id
             ON CONFLICT DO NOTHING;
         END IF;
         IF TG_OP IN ('DELETE', 'UPDATE') THEN
           DELETE FROM active_members m WHERE m.user_id IN (SELECT o.user_id FROM old_rows o) AND NOT ${STILL_ACTIVE};
         END IF;
         RETURN NULL;
`);

  // Projects: a state change adds or removes their members (a deleted project's memberships go by cascade).
  await keptBy(db, 'projects', 'active_members_projects', `
         IF TG_OP = 'TRUNCATE' THEN
           PERFORM pg_advisory_xact_lock(${ACTIVE_MEMBERS_LOCK});
           PERFORM active_members_rebuild();
           RETURN NULL;
         END IF;
         IF TG_OP <> 'UPDATE' THEN
           RETURN NULL;
         END IF;
         IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.state_id IS DISTINCT FROM o.state_id) THEN
           RETURN NULL;
         END IF;
         PERFORM pg_advisory_xact_lock(${ACTIVE_MEMBERS_LOCK});
         INSERT INTO active_members (user_id)
           SELECT DISTINCT mb.user_id FROM new_rows n JOIN active_states a ON a.state_id = n.state_id JOIN memberships mb ON mb.project_id = n.id
           ON CONFLICT DO NOTHING;
         DELETE FROM active_members m
          WHERE m.user_id IN (SELECT mb.user_id FROM old_rows o JOIN memberships mb ON mb.project_id = o.id) AND NOT ${STILL_ACTIVE};
         RETURN NULL;
`);

  // The active states: rebuilt whole when they change (a schema edit), left alone when a sync changes nothing.
  await keptBy(db, 'active_states', 'active_members_states', `${RETURN_IF_NO_ROWS}
         PERFORM pg_advisory_xact_lock(${ACTIVE_MEMBERS_LOCK});
         PERFORM active_members_rebuild();
         RETURN NULL;
`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['active_states', 'projects', 'memberships']) await dropStatementTriggers(db, table, 'active_members');
  for (const fn of ['active_members_states', 'active_members_projects', 'active_members_memberships', 'active_members_rebuild'])
    await sql`DROP FUNCTION IF EXISTS ${sql.id(fn)}()`.execute(db);
  await sql`DROP VIEW IF EXISTS active_members_defined`.execute(db);
  await sql`DROP TABLE IF EXISTS active_members`.execute(db);
  await sql`DROP TABLE IF EXISTS active_states`.execute(db);
}
