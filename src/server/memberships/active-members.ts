import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import { ACTIVE_MEMBERS_LOCK } from '../db/migrations/0022-active-members';
import { syncActiveMembers } from './queries';
import { resetActiveMemberFlags } from '@/server/users/queries';

/**
 * Makes `active_members` (migration 0022) hold exactly the users with a membership on a project in
 * an active state, and each user's `active_member` flag (migration 0023) say whether it holds
 * them, under the lock its triggers take. The triggers leave nothing to do here; this is the
 * periodic check that would find and repair a difference they missed (services/live-lists).
 *
 * @returns the number of rows added and removed, and of flags set back
 */
export async function repairActiveMembers(db: DatabaseHandle): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ACTIVE_MEMBERS_LOCK})`.execute(trx);
    const changed = await syncActiveMembers(trx);
    // The users' flag (migration 0023) follows those changes by trigger; a flag set apart from
    // them is set back here.
    return changed + (await resetActiveMemberFlags(trx));
  });
}
