/**
 * The only module that names the tables of accounting/ (usage_jobs, usage_monthly, usage_notices): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

/** A month's usage sums of a project, or of one member in it (efficiency, docs/decisions/0290-hours-granted.md). */
export interface EfficiencySums {
  project: string;
  projectName: string;
  username: string | null;
  name: string | null;
  cpuh: number;
  cpuh_known: number;
  cpu_used: number;
  gpuh: number;
  gpuh_known: number;
  gpu_used: number;
}

/**
 * A month's usage sums (all clusters together): per member of some projects, by project and
 * username; or per project, those with known CPU time only, the least efficient first, at most `limit`.
 */
export async function efficiencySums(
  db: Db,
  month: string,
  scope: { kind: 'members'; projectIds: number[] } | { kind: 'projects'; limit: number },
): Promise<EfficiencySums[]> {
  const perMember = scope.kind === 'members';
  const { rows } = await sql<EfficiencySums>`
    SELECT p.identifier AS project, p.name AS "projectName",
           ${perMember ? sql`u.username` : sql`NULL::text`} AS username,
           ${perMember ? sql`u.first_name || ' ' || u.last_name` : sql`NULL::text`} AS name,
           sum(a.cpuh) AS cpuh, sum(a.cpuh_known) AS cpuh_known, sum(a.cpu_used) AS cpu_used,
           sum(a.gpuh) AS gpuh, sum(a.gpuh_known) AS gpuh_known, sum(a.gpu_used) AS gpu_used
    FROM usage_monthly a
    JOIN projects p ON p.id = a.project_id
    ${perMember ? sql`JOIN users u ON u.id = a.user_id` : sql``}
    WHERE a.month = ${month}::date ${perMember ? sql`AND a.project_id = any(${scope.projectIds}::int[])` : sql``}
    GROUP BY p.identifier, p.name ${perMember ? sql`, u.username, u.first_name, u.last_name` : sql``}
    ${perMember ? sql`ORDER BY p.identifier, u.username` : sql`HAVING sum(a.cpuh_known) > 0 ORDER BY sum(a.cpu_used) / sum(a.cpuh_known), p.identifier LIMIT ${scope.limit}`}`.execute(db);
  return rows;
}

/** The CPU and GPU hours some projects have used, per project and cluster, over all months. */
export async function hoursUsedByCluster(db: Db, projectIds: number[]): Promise<{ project_id: number; cluster: string; cpuh: number; gpuh: number }[]> {
  const { rows } = await sql<{ project_id: number; cluster: string; cpuh: number; gpuh: number }>`
      SELECT project_id, cluster, sum(cpuh) AS cpuh, sum(gpuh) AS gpuh FROM usage_monthly
      WHERE project_id = any(${projectIds}::int[]) GROUP BY project_id, cluster`.execute(db);
  return rows;
}

/** The CPU and GPU hours used by these projects on these clusters, summed over the months, by project and cluster. */
export async function usageTotalsOf(db: Db, projectIds: readonly number[], clusters: readonly string[]) {
  const { rows } = await sql<{ project_id: number; cluster: string; cpuh: number; gpuh: number }>`
    SELECT project_id, cluster, sum(cpuh) AS cpuh, sum(gpuh) AS gpuh FROM usage_monthly
    WHERE project_id = any(${projectIds}::int[]) AND cluster = any(${clusters}::text[]) GROUP BY project_id, cluster ORDER BY project_id, cluster`.execute(db);
  return rows;
}

