/**
 * Accounting benchmark, on the embedded database and — when DATABASE_URL is set — on that
 * PostgreSQL server too (a throw-away database each, dropped afterwards):
 * - 1,000,000 job records over 5,000 projects and 20,000 users across 3 years (filled set-based,
 *   aggregates built from them, four jobs in five with CPU time and GPU utilisation, a grant on every
 *   cluster a project used), then p50/p95 of the three internal accounting calls, the grants and the
 *   efficiency calls through
 *   `app.inject` with real sessions (budget p95 ≤ 100 ms), for the default window and for 'all';
 * - ingest of 100,000 records in one call with an API key (budget ≤ 10 s), then the same call again
 *   (stores 0; should take no longer).
 * Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/tables';
import { createApiKey } from '../../src/server/api-keys/api-keys';
import { runOnEachDatabase } from '../lib/bench-databases';
import { benchApp, fill, sessionCookie, withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { figure, machineLoad, note, timingFigure } from './lib/figures';
import { timeCalls, timed } from './lib/timed-calls';

const JOBS = 1_000_000;
const INGEST = 100_000;
const MONTHS = 36;
const CALLERS = 40;
const BUDGET = { max: 100 };
const INGEST_BUDGET = { max: 10 };

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

/** Times CALLERS calls of `url`, each as the next of `cookies`' users. */
function timeAs(app: FastifyInstance, cookies: string[], url: string): Promise<number[]> {
  return timeCalls(url, CALLERS, (i) => app.inject({ method: 'GET', url, headers: { cookie: cookies[i % cookies.length] } }));
}

async function measure({ db, kind, schemas }: BenchDatabase): Promise<void> {
  const started = performance.now();
  await fill(db);
  await fillUsage(db);
  const counts = await sql<{ jobs: number; agg: number; users: number; projects: number }>`
    SELECT (SELECT count(*)::int FROM usage_jobs) AS jobs, (SELECT count(*)::int FROM usage_monthly) AS agg,
           (SELECT count(DISTINCT user_id)::int FROM usage_jobs) AS users, (SELECT count(DISTINCT project_id)::int FROM usage_jobs) AS projects`.execute(db);
  const c = counts.rows[0];
  console.log(`database: ${kind}; ${c.jobs} job records of ${c.users} users on ${c.projects} projects over ${MONTHS} months, ${c.agg} monthly aggregates (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`);

  const app = await benchApp(db, schemas);
  const users = await sql<{ user_id: number }>`SELECT DISTINCT user_id FROM usage_jobs WHERE user_id IS NOT NULL ORDER BY user_id LIMIT ${CALLERS + 3}`.execute(db);
  const leads = await sql<{ user_id: number }>`
    SELECT m.user_id FROM memberships m JOIN roles r ON r.id = m.role_id AND r.name = 'lead'
    GROUP BY m.user_id ORDER BY count(*) DESC, m.user_id LIMIT ${CALLERS + 3}`.execute(db);
  const userCookies = await Promise.all(users.rows.map((r) => sessionCookie(db, schemas, r.user_id)));
  const leadCookies = await Promise.all(leads.rows.map((r) => sessionCookie(db, schemas, r.user_id)));
  for (const window of ['', '?range=all']) {
    timingFigure(`records${window} (${CALLERS} users)`, await timeAs(app, userCookies, `/api/v1/internal/accounting/records${window}`), BUDGET);
    timingFigure(`project-records${window} (${CALLERS} leads)`, await timeAs(app, leadCookies, `/api/v1/internal/accounting/project-records${window}`), BUDGET);
    timingFigure(`project-user-records${window} (${CALLERS} leads)`, await timeAs(app, leadCookies, `/api/v1/internal/accounting/project-user-records${window}`), BUDGET);
  }
  timingFigure(`grants (${CALLERS} leads)`, await timeAs(app, leadCookies, '/api/v1/internal/grants'), BUDGET);
  timingFigure(`accounting/efficiency (${CALLERS} leads)`, await timeAs(app, leadCookies, '/api/v1/internal/accounting/efficiency'), BUDGET);

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
    const { value: res, ms } = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/v1/accounting/records?resource=supek',
        headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
        payload,
      }),
    );
    if (res.statusCode >= 300) throw new Error(`ingest answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { seconds: ms / 1000, stored: (res.json() as { stored: number }).stored };
  };
  const first = await send();
  const again = await send();
  const mb = (Buffer.byteLength(payload) / 1024 / 1024).toFixed(1);
  figure(`ingest ${INGEST} records in one call (${mb} MB)`, first.seconds, 's', INGEST_BUDGET, 2);
  note(`stored ${first.stored}`);
  // Stores nothing, so it should take no longer than the first: the first call is its budget.
  figure('ingest the same call again', again.seconds, 's', { max: first.seconds }, 2);
  note(`stored ${again.stored}`);
  machineLoad();
  await app.close();
}

runOnEachDatabase(() => withBenchDatabase(measure));
