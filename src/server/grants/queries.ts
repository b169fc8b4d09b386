/**
 * The only module that names the tables of grants/ (project_grants, grant_warnings): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Insertable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { ProjectGrantsTable } from '@/server/db/tables-grants';

/** Stores grants as given. */
export async function addGrants(db: Db, grants: readonly Insertable<ProjectGrantsTable>[]): Promise<void> {
  if (grants.length === 0) return;
  await db.insertInto('project_grants').values([...grants]).execute();
}
