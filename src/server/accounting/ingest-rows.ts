import { createHash } from 'node:crypto';
import { ApiError } from '@/server/errors';

/**
 * Checks and prepares the job records of one ingest call, before anything is stored: a bad row
 * fails the whole call with a 400 naming the row and the field, so nothing is half-stored.
 */

/** A job record ready to store. */
export interface PreparedRow {
  /** Position in the `usage` list, from 0. */
  row: number;
  jobId: string;
  /** False when the cluster sent no job id and `jobId` is a digest of the record. */
  hasJobId: boolean;
  user: string | null;
  project: string | null;
  endTime: Date;
  cpuh: number;
  gpuh: number;
  /** CPU time the job used, hours (`total_cpu` seconds); null when not reported. */
  cpuUsed: number | null;
  /** GPU hours the job used (`gpu_util` % of its GPU hours); null when not reported. */
  gpuUsed: number | null;
  /** Every field sent except user, project and end_time, plus the computed cpuh and gpuh. */
  record: Record<string, unknown>;
}

/** What bounds one call's rows: rules/constants.json and the cluster's capacity (rules/clusters.json). */
export interface IngestLimits {
  /** Most records in one call. */
  maxRows: number;
  /** The cluster's CPU cores and GPUs; without it hours are only held finite. */
  capacity?: { cpus: number; gpus: number };
  /** The span taken for a record with neither start_time nor walltime, days. */
  maxRecordDays: number;
  /** How deeply the other fields kept with a job may nest. */
  extraMaxDepth: number;
  /** The most the other fields kept with a job may take as JSON, characters. */
  extraMaxBytes: number;
}

/** The earliest end time taken (2000-01-01): older epoch values are a unit mistake, not history. */
const EARLIEST_END = 946_684_800;
/** Clocks of the clusters may run a little ahead of ours. */
const FUTURE_SLACK_S = 300;
const MAX_TEXT = 200;

function fail(row: number | null, field: string | null, message: string): never {
  const where = row === null ? 'usage' : `usage[${row}]${field ? `.${field}` : ''}`;
  throw new ApiError('usageRowInvalid', `${where}: ${message}`, { row, field });
}

/** A number or a string of one; null/undefined when the field is absent. */
function numberField(raw: Record<string, unknown>, row: number, field: string): number | undefined {
  const value = raw[field];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) fail(row, field, `must be a number, got ${JSON.stringify(value).slice(0, 40)}`);
  if (n < 0) fail(row, field, `must not be negative, got ${n}`);
  return n;
}

function textField(raw: Record<string, unknown>, row: number, field: string): string | null {
  const value = raw[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') fail(row, field, 'must be a text');
  const text = value.trim();
  if (text.length > MAX_TEXT) fail(row, field, `must be at most ${MAX_TEXT} characters`);
  return text || null;
}

/** `n × walltime / 3600`, rounded to 4 places. */
export function hoursOf(count: number, walltimeSeconds: number): number {
  return Math.round((count * walltimeSeconds) / 3600 * 1e4 + Number.EPSILON) / 1e4;
}

/** A record's hours of one kind and the field they came from. */
interface Hours {
  hours: number;
  field: string;
}

function hours(raw: Record<string, unknown>, row: number, count: 'ncpus' | 'ngpus', given: 'cpuh' | 'gpuh', jupyter: string): Hours {
  const n = numberField(raw, row, count);
  if (n !== undefined) {
    const walltime = numberField(raw, row, 'walltime');
    if (walltime === undefined) fail(row, 'walltime', `Missing 'walltime' field (needed with '${count}')`);
    const value = hoursOf(n, walltime);
    if (!Number.isFinite(value)) fail(row, count, `${n} × walltime ${walltime} s is not a finite number of hours`);
    return { hours: value, field: count };
  }
  const direct = numberField(raw, row, given);
  if (direct !== undefined) return { hours: direct, field: given };
  return { hours: numberField(raw, row, jupyter) ?? 0, field: jupyter };
}

/**
 * The most hours a record may claim: what `units` cores (or GPUs) deliver in the job's span, with
 * a little slack for the rounding of the hours and of the cluster's clock.
 */
function withinCapacity(row: number, what: Hours, units: number | undefined, spanSeconds: number, cluster: string, unitName: string): void {
  if (units === undefined) return;
  const most = (units * spanSeconds) / 3600 + 0.01;
  if (what.hours > most)
    fail(row, what.field, `${what.hours} hours is more than ${cluster}'s ${units} ${unitName} can deliver in ${spanSeconds} s (at most ${Math.floor(most * 100) / 100})`);
}

/**
 * Checks that the fields kept with a job nest at most `maxDepth` levels and take at most
 * `maxBytes` as JSON, before anything serialises them (a value nested thousands deep would
 * overflow the stack of `JSON.stringify`).
 */
function checkExtra(row: number, extra: Record<string, unknown>, maxDepth: number, maxBytes: number): void {
  const stack: [unknown, number, string][] = Object.entries(extra).map(([key, value]) => [value, 1, key]);
  while (stack.length) {
    const [value, depth, field] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) fail(row, field, `nests more than ${maxDepth} levels deep`);
    for (const child of Object.values(value)) stack.push([child, depth + 1, field]);
  }
  const size = JSON.stringify(extra).length;
  if (size > maxBytes) fail(row, null, `the other fields take ${size} characters as JSON, at most ${maxBytes} are kept`);
}

/**
 * Checks the body `{"usage": [...]}` and prepares every row.
 *
 * @throws ApiError usageRowInvalid (400) naming the first bad row and field
 */
export function prepareRows(body: unknown, now: Date, limits: IngestLimits, cluster = 'the cluster'): PreparedRow[] {
  const { maxRows, capacity } = limits;
  if (!body || typeof body !== 'object' || Array.isArray(body)) fail(null, null, 'the body must be an object {"usage": [...]}');
  const usage = (body as { usage?: unknown }).usage;
  if (!Array.isArray(usage)) fail(null, null, "Missing 'usage' field: a list of job records");
  if (usage.length > maxRows) fail(null, null, `at most ${maxRows} records in one call, got ${usage.length}`);
  const latest = now.getTime() / 1000 + FUTURE_SLACK_S;
  return usage.map((item, row): PreparedRow => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) fail(row, null, 'must be an object');
    const raw = item as Record<string, unknown>;
    if (raw.end_time === undefined || raw.end_time === null || raw.end_time === '') fail(row, 'end_time', "Missing 'end_time' field");
    const end = numberField(raw, row, 'end_time')!;
    if (end < EARLIEST_END) fail(row, 'end_time', 'must be epoch seconds after 2000-01-01');
    if (end > latest) fail(row, 'end_time', 'is in the future');
    const start = numberField(raw, row, 'start_time');
    if (start !== undefined && start > end) fail(row, 'start_time', 'is after end_time');
    const walltime = numberField(raw, row, 'walltime');
    if (walltime !== undefined && walltime > end - EARLIEST_END) fail(row, 'walltime', 'is longer than the time since 2000-01-01 before end_time');
    // The job ran between its start and its end: start_time, else end_time − walltime, else the longest span taken.
    const span = start !== undefined ? end - start : walltime ?? limits.maxRecordDays * 86_400;
    const cpu = hours(raw, row, 'ncpus', 'cpuh', 'jupyter_cpu_h');
    const gpu = hours(raw, row, 'ngpus', 'gpuh', 'jupyter_gpu_h');
    withinCapacity(row, cpu, capacity?.cpus, span, cluster, 'CPU cores');
    withinCapacity(row, gpu, capacity?.gpus, span, cluster, 'GPUs');
    const cpuh = cpu.hours;
    const gpuh = gpu.hours;
    const totalCpu = numberField(raw, row, 'total_cpu');
    if (totalCpu !== undefined) withinCapacity(row, { hours: totalCpu / 3600, field: 'total_cpu' }, capacity?.cpus, span, cluster, 'CPU cores');
    const gpuUtil = numberField(raw, row, 'gpu_util');
    if (gpuUtil !== undefined && gpuUtil > 100) fail(row, 'gpu_util', `must be a percentage (0-100), got ${gpuUtil}`);
    const user = textField(raw, row, 'user');
    const project = textField(raw, row, 'project');
    const jobid = textField(raw, row, 'jobid');
    const { user: _u, project: _p, end_time: _e, ...rest } = raw;
    checkExtra(row, rest, limits.extraMaxDepth, limits.extraMaxBytes);
    const record = { ...rest, cpuh, gpuh };
    const jobId =
      jobid ??
      `~${createHash('sha256')
        .update(JSON.stringify([user, project, end, Object.entries(raw).sort(([a], [b]) => (a < b ? -1 : 1))]))
        .digest('hex')
        .slice(0, 32)}`;
    const cpuUsed = totalCpu === undefined ? null : hoursOf(1, totalCpu);
    const gpuUsed = gpuUtil === undefined ? null : Math.round(gpuh * gpuUtil * 100) / 1e4;
    return { row, jobId, hasJobId: jobid !== null, user, project, endTime: new Date(end * 1000), cpuh, gpuh, cpuUsed, gpuUsed, record };
  });
}
