/**
 * Weekly digest and monthly usage summary benchmark, on the embedded database and — when
 * DATABASE_URL is set — on that PostgreSQL server too (a throw-away database each):
 * - 20,000 users / 5,000 projects (the staff-list fill); a quarter of the users take routine notices
 *   weekly with 5 kept notices each; one digest run makes all their digests (time, digests per
 *   second), and a second run at the same moment makes none (time);
 * - every project in an active state gets usage in last month; one usage-summary run tells their
 *   leads (time), a second run sends nothing (time).
 * Prints figures; asserts nothing.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { migrate } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { digestMoment, runMailDigest } from '../../src/server/services/mail/digest';
import { runUsageSummaries } from '../../src/server/services/accounting/usage-summaries';
import { mailRules } from '../../src/schema-runtime';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { createTestDatabase } from '../../tests/support/test-database';
import { fill } from './api-lists';
import { runOnEachDatabase } from '../lib/bench-databases';

const ITEMS_PER_USER = 5;
const DAY_MS = 86_400_000;

async function keepNotices(db: Kysely<Database>): Promise<number> {
  await sql`UPDATE users SET routine_mail = 'weekly' WHERE id % 4 = 0`.execute(db);
  const { rows } = await sql<{ n: number }>`
    WITH ins AS (
      INSERT INTO digest_items (user_id, kind, project_id, params, created_at)
      SELECT u.id, 'invite-accepted', NULL, jsonb_build_object('collaborator', 'Ime ' || k, 'project', 'Projekt ' || u.id, 'identifier', 'NR-' || u.id),
             now() - make_interval(mins => k)
        FROM users u CROSS JOIN generate_series(1, ${ITEMS_PER_USER}) k
       WHERE u.routine_mail = 'weekly'
      RETURNING 1)
    SELECT count(*)::int AS n FROM ins`.execute(db);
  return rows[0].n;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function run(): Promise<void> {
  const schemas = loadSchemaSet();
  const database = await createTestDatabase();
  try {
    const db = (await database.open()).db;
    await migrate(db);
    await syncVocabularies(db, schemas);
    await fill(db);
    const items = await keepNotices(db);
    const ctx = { db, schemas, config: { publicUrl: 'https://portal.example.org' } };
    const at = new Date((await digestMoment(db, mailRules(schemas).digest, new Date(Date.now() + 7 * DAY_MS))).getTime() + 60_000);

    let t0 = performance.now();
    const first = await runMailDigest(ctx, at);
    const firstMs = performance.now() - t0;
    t0 = performance.now();
    const again = await runMailDigest(ctx, at);
    const againMs = performance.now() - t0;
    console.log(`database: ${database.kind}; ${items} kept notices of ${items / ITEMS_PER_USER} weekly users`);
    console.log(`digest run: ${first.digests} digests listing ${first.items} notices in ${seconds(firstMs)} (${Math.round(first.digests / (firstMs / 1000))} digests/s); again at the same moment: ${again.digests} in ${seconds(againMs)}`);

    await sql`
      INSERT INTO usage_monthly (cluster, project_id, user_id, month, cpuh, gpuh, jobs)
      SELECT 'supek', p.id, NULL, date_trunc('month', now() AT TIME ZONE 'Europe/Zagreb')::date - interval '1 month', 100 + p.id % 900, p.id % 7, 10
        FROM projects p`.execute(db);
    // The 20th of this month: past afterMonthDays, so last month's summaries are due.
    const today = new Date();
    const due = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 20, 10));
    t0 = performance.now();
    const summaries = await runUsageSummaries(ctx, due);
    const summaryMs = performance.now() - t0;
    t0 = performance.now();
    const summariesAgain = await runUsageSummaries(ctx, due);
    const summaryAgainMs = performance.now() - t0;
    console.log(`usage summaries of ${summaries.month}: ${summaries.projects} projects told in ${seconds(summaryMs)}; again: ${summariesAgain.projects} in ${seconds(summaryAgainMs)}`);
    console.log(`(machine load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores)`);
  } finally {
    await database.drop();
  }
}

runOnEachDatabase(run);
