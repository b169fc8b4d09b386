import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { ensureClusterUsername } from '../cluster-username';
import { ROLE } from '../../db/queries/memberships';

/**
 * Makes a user a collaborator of a project, the one way people join besides approval: the
 * membership, `status` true (they are on a project now; the inactive-user sweep only ever turns
 * it off) and a cluster login name if they have none (reference §3.10, §3.11). Invitation
 * acceptance and the staff's direct add both use it, so the two can never drift apart.
 *
 * @returns false, changing nothing, when the user already is a collaborator of the project
 */
export async function joinAsCollaborator(trx: Transaction<Database>, userId: number, projectId: number): Promise<boolean> {
  const role = await trx.selectFrom('roles').select('id').where('name', '=', ROLE.collaborator).executeTakeFirstOrThrow();
  const inserted = await trx
    .insertInto('memberships')
    .values({ user_id: userId, project_id: projectId, role_id: role.id })
    .onConflict((oc) => oc.columns(['user_id', 'project_id', 'role_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx.updateTable('users').set({ status: true }).where('id', '=', userId).execute();
  await ensureClusterUsername(trx, userId);
  return true;
}
