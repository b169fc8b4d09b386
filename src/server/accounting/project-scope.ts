import type { Db } from '@/server/db/handle';
import { projectIdByIdentifier } from '@/server/projects/queries';
import { isProjectLead, projectIdsLedBy } from '@/server/memberships/queries';
import { ApiError, msg } from '@/server/errors';

/**
 * The projects whose usage (and grants and efficiency) the caller may see per project or per
 * user: those they lead, or with `identifier` one of them (any, for staff).
 *
 * @throws ApiError notFound for an unknown identifier, forbidden for a project the caller does not lead
 */
export async function projectScope(db: Db, userId: number, admin: boolean, identifier: string | undefined): Promise<number[]> {
  if (identifier !== undefined && identifier !== '') {
    const project = await projectIdByIdentifier(db, identifier);
    if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
    if (admin) return [project.id];
    if (!(await isProjectLead(db, project.id, userId))) throw new ApiError('forbidden', msg('notProjectLead', { identifier }));
    return [project.id];
  }
  return projectIdsLedBy(db, userId);
}
