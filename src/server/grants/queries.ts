/**
 * The only module that names the tables of grants/ (project_grants, grant_warnings): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** The grants of the projects a user is a member of, for the user's data export: in the order they were made. */
export async function grantsForExport(db: Db, userId: number) {
  return db
    .selectFrom('project_grants as g')
    .innerJoin('projects as p', 'p.id', 'g.project_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.project_id', '=', 'g.project_id').on('m.user_id', '=', userId))
    .select(['p.identifier', 'g.cluster', 'g.cpuh', 'g.gpuh', 'g.state', 'g.granted_at'])
    .orderBy('g.id')
    .execute();
}
