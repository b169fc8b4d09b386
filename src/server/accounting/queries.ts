/**
 * The only module that names the tables of accounting/ (usage_jobs, usage_monthly, usage_notices): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

/** The CPU and GPU hours used by these projects on these clusters, summed over the months, by project and cluster. */
export async function usageTotalsOf(db: Db, projectIds: readonly number[], clusters: readonly string[]) {
  const { rows } = await sql<{ project_id: number; cluster: string; cpuh: number; gpuh: number }>`
    SELECT project_id, cluster, sum(cpuh) AS cpuh, sum(gpuh) AS gpuh FROM usage_monthly
    WHERE project_id = any(${projectIds}::int[]) AND cluster = any(${clusters}::text[]) GROUP BY project_id, cluster ORDER BY project_id, cluster`.execute(db);
  return rows;
}
