/**
 * Accounting benchmark, on the embedded database and — when DATABASE_URL is set — on that
 * PostgreSQL server too (a throw-away database each, dropped afterwards):
 * - 1,000,000 job records over 5,000 projects and 20,000 users across 3 years (filled set-based,
 *   aggregates built from them, four jobs in five with CPU time and GPU utilisation, a grant on every
 *   cluster a project used), then p50/p95 of the three internal accounting calls, the grants and the
 *   efficiency calls through
 *   `app.inject` with real sessions (budget p95 < 100 ms), for the default window and for 'all';
 * - ingest of 100,000 records in one call with an API key (budget < 10 s), then the same call again
 *   (stores 0; should take no longer).
 * Prints figures; asserts nothing.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { migrate } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { createSession } from '../../src/server/services/sessions';
import { createApiKey } from '../../src/server/services/api-keys';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { createTestDatabase } from '../../tests/support/test-database';
import { fill } from './api-lists';
import { runOnEachDatabase } from '../lib/bench-databases';

const JOBS = 1_000_000;
const INGEST = 100_000;
const MONTHS = 36;
const CALLERS = 40;
const BUDGET_MS = 100;
const INGEST_BUDGET_S = 10;

async function fillUsage(db: Kysely<Database>): Promise<void> {
  const seconds = MONTHS * 30 * 86_400;
  await sql`
    WITH m AS (
      SELECT project_id, user_id, (row_number() OVER (PARTITION BY project_id ORDER BY user_id) - 1)::int AS rn,
             count(*) OVER (PARTITION BY project_id)::int AS n
      FROM memberships
    ), p AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS idx FROM projects)
    INSERT INTO usage_jobs (cluster, job_id, has_job_id, user_id, project_id, end_time, month, cpuh, gpuh, cpu_used, gpu_used, record)
    SELECT (ARRAY['supek','padobran','cloud'])[1 + g % 3], 'b' || g, true, m.user_id, p.id, t.end_time,
           date_trunc('month', t.end_time AT TIME ZONE 'Europe/Zagreb')::date, (g % 97) * 1.5, (g % 7) * 0.5,
           -- Four jobs in five report their CPU time and GPU utilisation (the fields of 0290).
           CASE WHEN g % 5 <> 0 THEN (g % 97) * 1.5 * (g % 10) / 10.0 END, CASE WHEN g % 5 <> 0 THEN (g % 7) * 0.5 * (g % 10) / 10.0 END,
           jsonb_build_object('jobid', 'b' || g, 'ncpus', g % 64, 'walltime', (g % 97) * 3600, 'total_cpu', (g % 97) * 540 * (g % 10), 'gpu_util', (g % 10) * 10)
    FROM generate_series(0, ${JOBS - 1}) g
    JOIN p ON p.idx = g % 5000
    JOIN m ON m.project_id = p.id AND m.rn = (g / 5000) % m.n
    CROSS JOIN LATERAL (SELECT now() - make_interval(secs => ((g::bigint * 7919) % ${seconds})::double precision)) t(end_time)`.execute(db);
  await sql`
    INSERT INTO usage_monthly (cluster, project_id, user_id, month, cpuh, gpuh, jobs, cpu_used, cpuh_known, gpu_used, gpuh_known)
    SELECT cluster, project_id, user_id, month, sum(cpuh), sum(gpuh), count(*)::int, coalesce(sum(cpu_used), 0), coalesce(sum(cpuh) FILTER (WHERE cpu_used IS NOT NULL), 0),
           coalesce(sum(gpu_used), 0), coalesce(sum(gpuh) FILTER (WHERE gpu_used IS NOT NULL), 0)
    FROM usage_jobs GROUP BY 1, 2, 3, 4`.execute(db);
  // A grant on every cluster a project used: the hours granted are twice those used so far.
  await sql`
    INSERT INTO project_grants (project_id, cluster, cpuh, gpuh, state)
    SELECT project_id, cluster, greatest(sum(cpuh) * 2, 1), greatest(sum(gpuh) * 2, 1), 'approve' FROM usage_monthly GROUP BY 1, 2`.execute(db);
  await sql`ANALYZE`.execute(db);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeCalls(app: FastifyInstance, cookies: string[], url: string): Promise<number[]> {
  const times: number[] = [];
  for (const [i, cookie] of cookies.entries()) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (i >= 3) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

function report(name: string, sorted: number[]): void {
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(9);
  const p95 = percentile(sorted, 95);
  console.log(`${name.padEnd(58)} ${fmt(percentile(sorted, 50))} ${fmt(p95)} ${fmt(sorted[sorted.length - 1])}  (budget p95 < ${BUDGET_MS} ms${p95 >= BUDGET_MS ? ', OVER' : ''})`);
}

async function run(): Promise<void> {
  const schemas = loadSchemaSet();
  const database = await createTestDatabase();
  try {
    const handle = await database.open();
    const db = handle.db;
    await migrate(db);
    await syncVocabularies(db, schemas);
    let t0 = performance.now();
    await fill(db);
    await fillUsage(db);
    const counts = await sql<{ jobs: number; agg: number; users: number; projects: number }>`
      SELECT (SELECT count(*)::int FROM usage_jobs) AS jobs, (SELECT count(*)::int FROM usage_monthly) AS agg,
             (SELECT count(DISTINCT user_id)::int FROM usage_jobs) AS users, (SELECT count(DISTINCT project_id)::int FROM usage_jobs) AS projects`.execute(db);
    const c = counts.rows[0];
    console.log(`database: ${database.kind}; ${c.jobs} job records of ${c.users} users on ${c.projects} projects over ${MONTHS} months, ${c.agg} monthly aggregates (filled in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);

    const ctx: AppContext = { db, schemas, config: { ...readConfig({ NODE_ENV: 'test' }), demo: false, jobs: false, clientDir: '/nonexistent' } };
    const app = await buildApp(ctx, { logger: false });
    const cookieOf = async (userId: number) => `${schemas.service.serviceKey}_session=${(await createSession(db, userId, 1)).token}`;
    const users = await sql<{ user_id: number }>`SELECT DISTINCT user_id FROM usage_jobs WHERE user_id IS NOT NULL ORDER BY user_id LIMIT ${CALLERS + 3}`.execute(db);
    const leads = await sql<{ user_id: number }>`
      SELECT m.user_id FROM memberships m JOIN roles r ON r.id = m.role_id AND r.name = 'lead'
      GROUP BY m.user_id ORDER BY count(*) DESC, m.user_id LIMIT ${CALLERS + 3}`.execute(db);
    const userCookies = await Promise.all(users.rows.map((r) => cookieOf(r.user_id)));
    const leadCookies = await Promise.all(leads.rows.map((r) => cookieOf(r.user_id)));
    console.log(`${'call'.padEnd(58)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}`);
    for (const window of ['', '?range=all']) {
      report(`records${window} (${CALLERS} users)`, await timeCalls(app, userCookies, `/api/v1/internal/accounting/records${window}`));
      report(`project-records${window} (${CALLERS} leads)`, await timeCalls(app, leadCookies, `/api/v1/internal/accounting/project-records${window}`));
      report(`project-user-records${window} (${CALLERS} leads)`, await timeCalls(app, leadCookies, `/api/v1/internal/accounting/project-user-records${window}`));
    }
    report(`grants (${CALLERS} leads)`, await timeCalls(app, leadCookies, '/api/v1/internal/grants'));
    report(`accounting/efficiency (${CALLERS} leads)`, await timeCalls(app, leadCookies, '/api/v1/internal/accounting/efficiency'));

    const { key } = await createApiKey(db, 'bench');
    const members = await sql<{ person_username: string; identifier: string }>`
      SELECT u.person_username, p.identifier FROM memberships m JOIN users u ON u.id = m.user_id JOIN projects p ON p.id = m.project_id
      ORDER BY m.id LIMIT 5000`.execute(db);
    const now = Math.floor(Date.now() / 1000);
    const usage = Array.from({ length: INGEST }, (_, i) => {
      const m = members.rows[i % members.rows.length];
      return { jobid: `ingest-${i}`, user: m.person_username, project: m.identifier, end_time: now - 3600 - (i % 86_400) * 60, walltime: 600 + (i % 5000), ncpus: 1 + (i % 64), ngpus: i % 4, total_cpu: (600 + (i % 5000)) * (1 + (i % 64)) * 0.6, gpu_util: i % 101 };
    });
    const payload = JSON.stringify({ usage });
    const send = async () => {
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/accounting/records?resource=supek',
        headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
        payload,
      });
      const seconds = (performance.now() - start) / 1000;
      if (res.statusCode >= 300) throw new Error(`ingest answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return { seconds, stored: (res.json() as { stored: number }).stored };
    };
    t0 = performance.now();
    const first = await send();
    const again = await send();
    const mb = (Buffer.byteLength(payload) / 1024 / 1024).toFixed(1);
    console.log(`ingest ${INGEST} records in one call (${mb} MB): stored ${first.stored} in ${first.seconds.toFixed(2)} s (budget < ${INGEST_BUDGET_S} s${first.seconds >= INGEST_BUDGET_S ? ', OVER' : ''})`);
    console.log(`ingest the same call again: stored ${again.stored} in ${again.seconds.toFixed(2)} s${again.seconds > first.seconds ? ' (SLOWER than the first)' : ''}`);
    console.log(`(machine load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${(await import('node:os')).cpus().length} cores)`);
    await app.close();
  } finally {
    await database.drop();
  }
}

runOnEachDatabase(run);
