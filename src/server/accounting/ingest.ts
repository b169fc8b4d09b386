import type { DatabaseHandle, Trx } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { ApiError, msg } from '@/server/errors';
import { clustersOf, type Cluster } from './clusters';
import { prepareRows, type PreparedRow } from './ingest-rows';
import { closeIngestBatch, insertJobChunk, openIngestBatch } from './queries';
import { usersByClusterNames } from '@/server/users/queries';
import { membershipsWithResourceTypes } from '@/server/memberships/queries';
import { projectIdsByIdentifiers } from '@/server/projects/queries';

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
async function resolveUsers(db: DatabaseHandle, names: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (!names.length) return found;
  const rows = await usersByClusterNames(db, names);
  for (const r of rows) if (r.person_uniqueid && !found.has(r.person_uniqueid)) found.set(r.person_uniqueid, r.id);
  // A cluster username wins over someone else's unique id of the same text.
  for (const r of rows) if (r.person_username) found.set(r.person_username, r.id);
  return found;
}

/** For each user: the project of their newest membership whose requested types match the cluster. */
async function inferProjects(db: DatabaseHandle, cluster: Cluster, userIds: number[]): Promise<Map<number, number>> {
  const chosen = new Map<number, number>();
  if (!userIds.length) return chosen;
  const tags = new Set(cluster.resourceTags);
  const rows = await membershipsWithResourceTypes(db, userIds);
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
  db: DatabaseHandle | Trx,
  cluster: string,
  timeZone: string,
  rows: Resolved[],
  onProgress?: (done: number, total: number) => void,
): Promise<Set<number>> {
  const stored = new Set<number>();
  if (!rows.length) return stored;
  const inTransaction = (work: (trx: Trx) => Promise<void>) =>
    db.isTransaction ? work(db as Trx) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await openIngestBatch(trx);
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
      await insertJobChunk(trx, cluster, timeZone, input);
      onProgress?.(Math.min(start + CHUNK, rows.length), rows.length);
    }
    const inserted = await closeIngestBatch(trx, cluster);
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
  db: DatabaseHandle,
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
    for (const p of await projectIdsByIdentifiers(db, identifiers))
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

