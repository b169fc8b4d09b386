import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/tables';
import { isProjectLead, projectIdsLedBy } from '@/server/memberships/queries';
import { ApiError, msg } from '@/server/errors';

/**
 * The projects whose usage (and grants and efficiency) the caller may see per project or per
 * user: those they lead, or with `identifier` one of them (any, for staff).
 *
 * @throws ApiError notFound for an unknown identifier, forbidden for a project the caller does not lead
 */
export async function projectScope(db: Kysely<Database>, userId: number, admin: boolean, identifier: string | undefined): Promise<number[]> {
  if (identifier !== undefined && identifier !== '') {
    const project = await db.selectFrom('projects').select('id').where('identifier', '=', identifier).executeTakeFirst();
    if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
    if (admin) return [project.id];
    if (!(await isProjectLead(db, project.id, userId))) throw new ApiError('forbidden', msg('notProjectLead', { identifier }));
    return [project.id];
  }
  return projectIdsLedBy(db, userId);
}
