import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/tables';
import type { SchemaSet } from '@/schema-runtime';
import { ApiError, msg } from '@/server/errors';
import { clustersOf, type Cluster } from './clusters';
import { prepareRows, type PreparedRow } from './ingest-rows';

/** Why a row was not stored. */
export type SkipReason = 'unknown-user' | 'unknown-project' | 'no-matching-project' | 'duplicate';

export interface SkippedRow {
  row: number;
  jobid: string | null;
  reason: SkipReason;
  message: string;
}

/** The answer of one ingest: what was stored and, row by row, what was not and why. */
export interface IngestReport {
  resource: string;
  received: number;
  stored: number;
  skipped: SkippedRow[];
  /** One line: the current portal's words first (`Project x not found; user y not found`), then this portal's counts. */
  message: string;
  /**
   * The current portal's message alone when a row named a user or project the portal does not
   * have (the answer is then 404, as the current portal's), else null.
   */
  notFound: string | null;
}

/** Rows per statement: one JSON parameter each, so the size is bounded by memory, not parameters. */
const CHUNK = 5000;

const tagsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((t) => (t && typeof t === 'object' ? String((t as { value?: unknown }).value) : String(t))) : [];

function listed(noun: string, names: string[], first: boolean): string {
  const sorted = [...names].sort();
  const word = sorted.length === 1 ? noun : `${noun}s`;
  const text = `${word} ${sorted.join(', ')} not found`;
  return first ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Users by cluster username, falling back to the unique id. */
async function resolveUsers(db: Kysely<Database>, names: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (!names.length) return found;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'person_username', 'person_uniqueid'])
    // IN (SELECT unnest(...)) is hashed once; `= any(array)` would compare every user with every name.
    .where((eb) =>
      eb.or([
        eb('person_username', 'in', sql<string>`(SELECT unnest(${names}::text[]))`),
        eb('person_uniqueid', 'in', sql<string>`(SELECT unnest(${names}::text[]))`),
      ]),
    )
    .execute();
  for (const r of rows) if (r.person_uniqueid && !found.has(r.person_uniqueid)) found.set(r.person_uniqueid, r.id);
  // A cluster username wins over someone else's unique id of the same text.
  for (const r of rows) if (r.person_username) found.set(r.person_username, r.id);
  return found;
}

/** For each user: the project of their newest membership whose requested types match the cluster. */
async function inferProjects(db: Kysely<Database>, cluster: Cluster, userIds: number[]): Promise<Map<number, number>> {
  const chosen = new Map<number, number>();
  if (!userIds.length) return chosen;
  const tags = new Set(cluster.resourceTags);
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('projects', 'projects.id', 'memberships.project_id')
    .select(['memberships.user_id', 'memberships.project_id', 'projects.resources_type'])
    .where('memberships.user_id', '=', sql<number>`any(${userIds}::int[])`)
    .orderBy('memberships.date_joined', 'desc')
    .orderBy('memberships.id', 'desc')
    .execute();
  for (const r of rows)
    if (!chosen.has(r.user_id) && tagsOf(r.resources_type).some((t) => tags.has(t))) chosen.set(r.user_id, r.project_id);
  return chosen;
}

/** A prepared row with its user and project found. */
export interface Resolved {
  row: PreparedRow;
  userId: number | null;
  projectId: number;
}

/**
 * Stores resolved rows — the jobs chunk by chunk, then their monthly aggregates in one statement,
 * all in one transaction (the caller's, when given one) — and returns the stored rows' positions.
 * The aggregates are summed once over the whole batch (a temporary table holds what each chunk
 * actually inserted), not once per chunk: a batch touches the same months chunk after chunk.
 */
export async function storeRows(
  db: Kysely<Database>,
  cluster: string,
  timeZone: string,
  rows: Resolved[],
  onProgress?: (done: number, total: number) => void,
): Promise<Set<number>> {
  const stored = new Set<number>();
  if (!rows.length) return stored;
  const inTransaction = (work: (trx: Kysely<Database>) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await sql`CREATE TEMPORARY TABLE usage_ingested (job_id text, user_id integer, project_id integer, month date, cpuh float8, gpuh float8, cpu_used float8, gpu_used float8) ON COMMIT DROP`.execute(trx);
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const input = JSON.stringify(
        chunk.map((r) => ({
          job_id: r.row.jobId,
          has_job_id: r.row.hasJobId,
          user_id: r.userId,
          project_id: r.projectId,
          end_time: r.row.endTime.toISOString(),
          cpuh: r.row.cpuh,
          gpuh: r.row.gpuh,
          cpu_used: r.row.cpuUsed,
          gpu_used: r.row.gpuUsed,
          record: r.row.record,
        })),
      );
      // Only what was actually inserted (not a job stored before) reaches the aggregates.
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
      onProgress?.(Math.min(start + CHUNK, rows.length), rows.length);
    }
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
    // A job repeated inside the batch is stored once: the first occurrence claims it.
    for (const r of rows) if (inserted.delete(r.row.jobId)) stored.add(r.row.row);
  });
  return stored;
}

/**
 * The one ingest service behind the HTTP call, the usage-import command and the demo seed.
 *
 * @throws ApiError unknownCluster for a cluster rules/clusters.json does not name, usageRowInvalid
 *   for a malformed body or row (nothing is stored then)
 */
export async function ingestUsage(
  db: Kysely<Database>,
  schemas: SchemaSet,
  resource: string | undefined,
  body: unknown,
  options: { now?: Date; onProgress?: (done: number, total: number) => void } = {},
): Promise<IngestReport> {
  const { clusters, timeZone } = clustersOf(schemas);
  const cluster = clusters.find((c) => c.name === resource);
  if (!cluster) throw new ApiError('unknownCluster', msg('unknownResource', { resource: JSON.stringify(resource ?? ''), known: clusters.map((c) => c.name).join(', ') }));
  const { constants } = schemas;
  const rows = prepareRows(
    body,
    options.now ?? new Date(),
    {
      maxRows: constants.accountingIngestMaxRows,
      capacity: cluster.capacity,
      maxRecordDays: constants.accountingRecordMaxDays,
      extraMaxDepth: constants.accountingExtraMaxDepth,
      extraMaxBytes: constants.accountingExtraMaxBytes,
    },
    cluster.name,
  );

  const users = await resolveUsers(db, [...new Set(rows.flatMap((r) => (r.user ? [r.user] : [])))]);
  const identifiers = [...new Set(rows.flatMap((r) => (r.project ? [r.project] : [])))];
  const projects = new Map<string, number>();
  if (identifiers.length)
    for (const p of await db.selectFrom('projects').select(['id', 'identifier']).where('identifier', 'in', sql<string>`(SELECT unnest(${identifiers}::text[]))`).execute())
      projects.set(p.identifier, p.id);
  const needInference = [...new Set(rows.flatMap((r) => (!r.project && r.user && users.has(r.user) ? [users.get(r.user)!] : [])))];
  const inferred = await inferProjects(db, cluster, needInference);

  const skipped: SkippedRow[] = [];
  const missingUsers = new Set<string>();
  const missingProjects = new Set<string>();
  const resolved: Resolved[] = [];
  const skip = (row: PreparedRow, reason: SkipReason, message: string) =>
    skipped.push({ row: row.row, jobid: row.hasJobId ? row.jobId : null, reason, message });
  for (const row of rows) {
    const userId = row.user ? users.get(row.user) : null;
    const projectId = row.project ? projects.get(row.project) : userId ? inferred.get(userId) : undefined;
    if (row.user && userId === undefined) missingUsers.add(row.user);
    if (row.project && projectId === undefined) missingProjects.add(row.project);
    if (row.user && userId === undefined) skip(row, 'unknown-user', `User ${row.user} not found`);
    else if (row.project && projectId === undefined) skip(row, 'unknown-project', `Project ${row.project} not found`);
    else if (projectId === undefined)
      skip(row, 'no-matching-project', row.user ? `User ${row.user} has no project with resource types of ${cluster.name}` : 'The record names neither a user nor a project');
    else resolved.push({ row, userId: userId ?? null, projectId });
  }

  const stored = await storeRows(db, cluster.name, timeZone, resolved, options.onProgress);
  for (const r of resolved) if (!stored.has(r.row.row)) skip(r.row, 'duplicate', `Job ${r.row.jobId} is already stored`);
  skipped.sort((a, b) => a.row - b.row);

  const clauses: string[] = [];
  if (missingProjects.size) clauses.push(listed('project', [...missingProjects], true));
  if (missingUsers.size) clauses.push(listed('user', [...missingUsers], clauses.length === 0));
  const notFound = clauses.length ? clauses.join('; ') : null;
  const duplicates = skipped.filter((s) => s.reason === 'duplicate').length;
  if (duplicates) clauses.push(`${duplicates} already stored`);
  const unmatched = skipped.filter((s) => s.reason === 'no-matching-project').length;
  if (unmatched) clauses.push(`${unmatched} without a matching project`);
  return {
    resource: cluster.name,
    received: rows.length,
    stored: stored.size,
    skipped,
    message: clauses.length ? clauses.join('; ') : `${stored.size} stored`,
    notFound,
  };
}

/** The job ids already stored for a cluster, sorted (lets an exporter send only new jobs). */
export async function storedJobIds(db: Kysely<Database>, cluster: string): Promise<string[]> {
  const rows = await db.selectFrom('usage_jobs').select('job_id').where('cluster', '=', cluster).where('has_job_id', '=', true).orderBy('job_id').execute();
  return rows.map((r) => r.job_id);
}
