/**
 * The only module that names the tables of accounting/ (usage_jobs, usage_monthly, usage_notices): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** A user's monthly usage per cluster and project, for the user's data export. */
export async function usageForExport(db: Db, userId: number) {
  return db
    .selectFrom('usage_monthly as u')
    .innerJoin('projects as p', 'p.id', 'u.project_id')
    .select(['u.month', 'u.cluster', 'p.identifier', 'u.cpuh', 'u.gpuh', 'u.jobs'])
    .where('u.user_id', '=', userId)
    .orderBy('u.month')
    .orderBy('u.cluster')
    .orderBy('p.identifier')
    .execute();
}
