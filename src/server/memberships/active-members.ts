import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { ACTIVE_MEMBERS_LOCK } from '../db/migrations/0022-active-members';

/**
 * Makes `active_members` (migration 0022) hold exactly the users with a membership on a project in
 * an active state, and each user's `active_member` flag (migration 0023) say whether it holds
 * them, under the lock its triggers take. The triggers leave nothing to do here; this is the
 * periodic check that would find and repair a difference they missed (services/live-lists).
 *
 * @returns the number of rows added and removed, and of flags set back
 */
export async function repairActiveMembers(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ACTIVE_MEMBERS_LOCK})`.execute(trx);
    const { rows } = await sql<{ added: number; removed: number }>`
      WITH defined AS (SELECT DISTINCT user_id FROM active_members_defined),
           added AS (INSERT INTO active_members (user_id) SELECT user_id FROM defined ON CONFLICT DO NOTHING RETURNING user_id),
           removed AS (DELETE FROM active_members m WHERE NOT EXISTS (SELECT 1 FROM defined d WHERE d.user_id = m.user_id) RETURNING user_id)
      SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM removed)::int AS removed`.execute(trx);
    // The users' flag (migration 0023) follows those changes by trigger; a flag set apart from
    // them is set back here.
    const flags = await sql`
      UPDATE users u SET active_member = NOT u.active_member
       WHERE u.active_member <> EXISTS (SELECT 1 FROM active_members am WHERE am.user_id = u.id)`.execute(trx);
    return rows[0].added + rows[0].removed + Number(flags.numAffectedRows ?? 0);
  });
}
