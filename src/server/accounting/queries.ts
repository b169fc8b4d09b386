/**
 * The only module that names the tables of accounting/ (usage_jobs, usage_monthly, usage_notices): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, Trx } from '@/server/db/handle';

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

// ---- ingest

/**
 * Opens the temporary table that holds what each chunk of one ingest actually inserted (dropped
 * at the latest when the transaction commits).
 */
export async function openIngestBatch(trx: Trx): Promise<void> {
  await sql`CREATE TEMPORARY TABLE usage_ingested (job_id text, user_id integer, project_id integer, month date, cpuh float8, gpuh float8, cpu_used float8, gpu_used float8) ON COMMIT DROP`.execute(trx);
}

/**
 * Stores one chunk of jobs (`input`: their JSON array) and keeps in the batch's temporary table
 * only what was actually inserted (not a job stored before), for the aggregates.
 */
export async function insertJobChunk(trx: Trx, cluster: string, timeZone: string, input: string): Promise<void> {
  await sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS t(job_id text, has_job_id boolean, user_id integer, project_id integer, end_time timestamptz, cpuh float8, gpuh float8, cpu_used float8, gpu_used float8, record jsonb)
    ), ins AS (
      INSERT INTO usage_jobs (cluster, job_id, has_job_id, user_id, project_id, end_time, month, cpuh, gpuh, cpu_used, gpu_used, record)
      SELECT ${cluster}, job_id, has_job_id, user_id, project_id, end_time,
             date_trunc('month', end_time AT TIME ZONE ${timeZone})::date, cpuh, gpuh, cpu_used, gpu_used, record
      FROM input
      ON CONFLICT (cluster, job_id) DO NOTHING
      RETURNING job_id, user_id, project_id, month, cpuh, gpuh, cpu_used, gpu_used
    )
    INSERT INTO usage_ingested SELECT job_id, user_id, project_id, month, cpuh, gpuh, cpu_used, gpu_used FROM ins`.execute(trx);
}

/**
 * Adds the batch's inserted jobs to the monthly aggregates in one statement, drops the temporary
 * table and answers the job ids that were inserted.
 */
export async function closeIngestBatch(trx: Trx, cluster: string): Promise<Set<string>> {
  await sql`
    INSERT INTO usage_monthly AS m (cluster, project_id, user_id, month, cpuh, gpuh, jobs, cpu_used, cpuh_known, gpu_used, gpuh_known)
    SELECT ${cluster}, project_id, user_id, month, sum(cpuh), sum(gpuh), count(*),
           coalesce(sum(cpu_used), 0), coalesce(sum(cpuh) FILTER (WHERE cpu_used IS NOT NULL), 0),
           coalesce(sum(gpu_used), 0), coalesce(sum(gpuh) FILTER (WHERE gpu_used IS NOT NULL), 0)
    FROM usage_ingested GROUP BY project_id, user_id, month
    ON CONFLICT (cluster, project_id, user_id, month)
    DO UPDATE SET cpuh = m.cpuh + excluded.cpuh, gpuh = m.gpuh + excluded.gpuh, jobs = m.jobs + excluded.jobs,
                  cpu_used = m.cpu_used + excluded.cpu_used, cpuh_known = m.cpuh_known + excluded.cpuh_known,
                  gpu_used = m.gpu_used + excluded.gpu_used, gpuh_known = m.gpuh_known + excluded.gpuh_known`.execute(trx);
  const inserted = new Set((await sql<{ job_id: string }>`SELECT job_id FROM usage_ingested`.execute(trx)).rows.map((r) => r.job_id));
  await sql`DROP TABLE usage_ingested`.execute(trx);
  return inserted;
}

/** The job ids already stored for a cluster, sorted (lets an exporter send only new jobs). */
export async function storedJobIds(db: Db, cluster: string): Promise<string[]> {
  const rows = await db.selectFrom('usage_jobs').select('job_id').where('cluster', '=', cluster).where('has_job_id', '=', true).orderBy('job_id').execute();
  return rows.map((r) => r.job_id);
}

// ---- monthly aggregates

/** Per project and cluster: the hours since the start and those of the months from `firstFull` to before `current`. */
export async function hoursOfProjects(db: Db, projectIds: readonly number[], firstFull: string, current: string) {
  const recent = (column: 'cpuh' | 'gpuh') => sql`sum(CASE WHEN month >= ${firstFull}::date AND month < ${current}::date THEN ${sql.ref(column)} ELSE 0 END)`;
  const { rows } = await sql<{ project_id: number; cluster: string; cpuh: number; cpuh_recent: number; gpuh: number; gpuh_recent: number }>`
    SELECT project_id, cluster, sum(cpuh) AS cpuh, ${recent('cpuh')} AS cpuh_recent, sum(gpuh) AS gpuh, ${recent('gpuh')} AS gpuh_recent
    FROM usage_monthly WHERE project_id = any(${projectIds}::int[])
    GROUP BY project_id, cluster`.execute(db);
  return rows;
}

/** The years with usage, each with its first month, in order. */
export async function usageYears(db: Db): Promise<{ year: number; first: string }[]> {
  const { rows } = await sql<{ year: number; first: string }>`
    SELECT extract(year FROM month)::int AS year, min(month) AS first FROM usage_monthly GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}

/**
 * CPU and GPU hours per cluster, period (month, or year) and science domain or field (`by`), each
 * project's hours split by its declared shares (normalised to a total of 1), in the months `from`..`to`.
 */
export async function hoursByScience(db: Db, by: 'domain' | 'field', period: 'month' | 'year', from: string, to: string, noDomain: string) {
  // One row per project and column with the project's share of it (normalised to a total of 1).
  const shares =
    by === 'domain'
      ? sql`
        SELECT project_id, key, dp / sum(dp) OVER (PARTITION BY project_id) AS share
        FROM (
          SELECT p.id AS project_id, d->'name'->>'value' AS key, sum(greatest((d->>'percent')::float8, 0)) AS dp
          FROM projects p
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.science_field) = 'array' THEN p.science_field ELSE '[]'::jsonb END) d
          WHERE jsonb_typeof(d) = 'object' AND (d->>'percent') ~ '^[0-9.]+$'
          GROUP BY 1, 2
        ) s WHERE dp > 0`
      : sql`
        SELECT project_id, key,
               (dp / sum(dp) FILTER (WHERE first_of_domain) OVER (PARTITION BY project_id)) * (fp / sum(fp) OVER (PARTITION BY project_id, domain)) AS share
        FROM (
          SELECT p.id AS project_id, d->'name'->>'value' AS domain, f->'name'->>'value' AS key,
                 greatest((d->>'percent')::float8, 0) AS dp, greatest((f->>'percent')::float8, 0) AS fp,
                 row_number() OVER (PARTITION BY p.id, d->'name'->>'value' ORDER BY f->'name'->>'value') = 1 AS first_of_domain
          FROM projects p
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.science_field) = 'array' THEN p.science_field ELSE '[]'::jsonb END) d
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d->'scientificfields') = 'array' THEN d->'scientificfields' ELSE '[]'::jsonb END) f
          WHERE jsonb_typeof(d) = 'object' AND jsonb_typeof(f) = 'object'
            AND (d->>'percent') ~ '^[0-9.]+$' AND (f->>'percent') ~ '^[0-9.]+$'
        ) s WHERE dp > 0 AND fp > 0`;
  const periodOf = period === 'month' ? sql`a.month` : sql`make_date(extract(year FROM a.month)::int, 1, 1)`;
  const { rows } = await sql<{ cluster: string; period: string; key: string; cpuh: number; gpuh: number }>`
    WITH shares AS (${shares})
    SELECT a.cluster, to_char(${periodOf}, 'YYYY-MM-DD') AS period, coalesce(s.key, ${noDomain}) AS key,
           sum(a.cpuh * coalesce(s.share, 1)) AS cpuh, sum(a.gpuh * coalesce(s.share, 1)) AS gpuh
    FROM usage_monthly a
    LEFT JOIN shares s ON s.project_id = a.project_id
    WHERE a.month BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1, 2, 3`.execute(db);
  return rows;
}

/** Whose monthly aggregates (alias `a`) a usage answer reads: one user's, or projects' (per user: only rows with a user). */
export type UsageScopeFilter = { kind: 'user'; userId: number } | { kind: 'projects'; projectIds: number[]; perUser: boolean };

function scopeCondition(scope: UsageScopeFilter): RawBuilder<boolean> {
  if (scope.kind === 'user') return sql<boolean>`a.user_id = ${scope.userId}`;
  if (!scope.projectIds.length) return sql<boolean>`false`;
  const users = scope.perUser ? sql`AND a.user_id IS NOT NULL` : sql``;
  return sql<boolean>`a.project_id = any(${scope.projectIds}::int[]) ${users}`;
}

/** The years with usage in a scope, each with its first month, in order. */
export async function usageYearsOf(db: Db, scope: UsageScopeFilter): Promise<{ year: number; first: string }[]> {
  const { rows } = await sql<{ year: number; first: string }>`
    SELECT extract(year FROM a.month)::int AS year, min(a.month) AS first
    FROM usage_monthly a WHERE ${scopeCondition(scope)} GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}

/**
 * A scope's hours per cluster, month and column (a project, or per user a user) in the months
 * `from`..`to`, with the column's shown name; and per cluster and column the hours before `from`.
 */
export async function usageOfScope(db: Db, scope: UsageScopeFilter, from: string, to: string) {
  const where = scopeCondition(scope);
  const perUser = scope.kind === 'projects' && scope.perUser;
  const keyColumn = perUser ? sql`u.username` : sql`p.identifier`;
  const { rows } = await sql<{ cluster: string; month: string; key: string; name: string; cpuh: number; gpuh: number }>`
    SELECT a.cluster, a.month, ${keyColumn} AS key,
           ${perUser ? sql`u.first_name || ' ' || u.last_name` : sql`p.name`} AS name,
           sum(a.cpuh) AS cpuh, sum(a.gpuh) AS gpuh
    FROM usage_monthly a
    JOIN projects p ON p.id = a.project_id
    LEFT JOIN users u ON u.id = a.user_id
    WHERE ${where} AND a.month BETWEEN ${from}::date AND ${to}::date
    GROUP BY a.cluster, a.month, 3, 4`.execute(db);

  // Cumulative bars count from each column's first usage, not from the window's first month: the
  // total so far, the same number the forecast states (docs/decisions/0360-stacked-forecast-and-outbox.md).
  const { rows: before } = await sql<{ cluster: string; key: string; cpuh: number; gpuh: number }>`
    SELECT a.cluster, ${keyColumn} AS key, sum(a.cpuh) AS cpuh, sum(a.gpuh) AS gpuh
    FROM usage_monthly a
    JOIN projects p ON p.id = a.project_id
    LEFT JOIN users u ON u.id = a.user_id
    WHERE ${where} AND a.month < ${from}::date
    GROUP BY a.cluster, 2`.execute(db);
  return { rows, before };
}

// ---- monthly summaries

/**
 * The projects in an active state that used the clusters in `month` and were not told of it yet,
 * with their hours of the month and up to it, by id.
 */
export async function projectsToSummarise(db: Db, activeStates: readonly string[], month: string) {
  const { rows } = await sql<{ id: number; identifier: string; name: string; cpuh: number; gpuh: number; cpuh_total: number; gpuh_total: number }>`
    SELECT p.id, p.identifier, p.name,
           sum(u.cpuh) FILTER (WHERE u.month = ${month}::date) AS cpuh,
           sum(u.gpuh) FILTER (WHERE u.month = ${month}::date) AS gpuh,
           sum(u.cpuh) AS cpuh_total, sum(u.gpuh) AS gpuh_total
    FROM usage_monthly u
    JOIN projects p ON p.id = u.project_id
    JOIN states s ON s.id = p.state_id
    WHERE s.name = any(${activeStates}::text[]) AND u.month <= ${month}::date
      AND NOT EXISTS (SELECT 1 FROM usage_notices n WHERE n.project_id = p.id AND n.month = ${month}::date)
    GROUP BY p.id
    HAVING coalesce(sum(u.cpuh) FILTER (WHERE u.month = ${month}::date), 0) + coalesce(sum(u.gpuh) FILTER (WHERE u.month = ${month}::date), 0) > 0
    ORDER BY p.id`.execute(db);
  return rows;
}

/** Claims a project's summary of a month by inserting its row; false when another process claimed it first. */
export async function claimUsageNotice(trx: Trx, projectId: number, month: string, sentAt: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('usage_notices')
    .values({ project_id: projectId, month, sent_at: sentAt })
    .onConflict((oc) => oc.doNothing())
    .returning('project_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

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

