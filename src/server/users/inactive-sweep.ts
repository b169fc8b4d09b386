import type { DatabaseHandle } from '@/server/db/handle';
import { markUsersWithoutActiveProjectInactive } from './queries';
import type { SchemaSet } from '@/schema-runtime';
import { activeStateNames } from '../projects/active-states';

/** PostgreSQL's code for a transaction that lost a race with a concurrent one. */
const SERIALIZATION_FAILURE = '40001';

/**
 * The inactive-user sweep (every 2 minutes): every user who is neither staff nor superuser and has
 * no membership on a project in an active state (isActive in rules/states.json) — including users
 * with no membership at all — gets `status = false`. It never sets `status` back to true: approval
 * and joining a project do that.
 *
 * One UPDATE, run at REPEATABLE READ: if an approval or a join changes a user's row while the sweep
 * runs, the sweep gives way (it answers 0 and the next run catches up) instead of overwriting the
 * fresh `status = true` with a verdict taken from before that change.
 *
 * @returns how many users it marked inactive
 */
export async function sweepInactiveUsers(db: DatabaseHandle, schemas: SchemaSet): Promise<number> {
  const active = activeStateNames(schemas);
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => markUsersWithoutActiveProjectInactive(trx, active));
  } catch (error) {
    if ((error as { code?: unknown }).code === SERIALIZATION_FAILURE) return 0;
    throw error;
  }
}
