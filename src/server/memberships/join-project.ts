import type { Trx } from '@/server/db/handle';
import { ensureClusterUsername } from '../users/cluster-username';
import { addMembers, ROLE } from '@/server/memberships/queries';
import { setStatusOn } from '@/server/users/queries';

/**
 * Makes a user a collaborator of a project, the one way people join besides approval: the
 * membership, `status` true (they are on a project now; the inactive-user sweep only ever turns
 * it off) and a cluster login name if they have none (reference §3.10, §3.11). Invitation
 * acceptance and the staff's direct add both use it, so the two can never drift apart.
 *
 * @returns false, changing nothing, when the user already is a collaborator of the project
 */
export async function joinAsCollaborator(trx: Trx, userId: number, projectId: number): Promise<boolean> {
  const added = await addMembers(trx, [{ userId, projectId, role: ROLE.collaborator }]);
  if (added === 0) return false;
  await setStatusOn(trx, userId);
  await ensureClusterUsername(trx, userId);
  return true;
}
