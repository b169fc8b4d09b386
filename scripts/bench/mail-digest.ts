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
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { digestMoment, runMailDigest } from '../../src/server/mail/digest';
import { runUsageSummaries } from '../../src/server/accounting/usage-summaries';
import { mailRules } from '../../src/schema-runtime';
import { runOnEachDatabase } from '../lib/bench-databases';
import { fill, withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { figure, machineLoad } from './lib/figures';
import { timed } from './lib/timed-calls';

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

async function measure({ db, kind, schemas }: BenchDatabase): Promise<void> {
  await fill(db);
  const items = await keepNotices(db);
  const ctx = { db, schemas, config: { publicUrl: 'https://portal.example.org' } };
  const at = new Date((await digestMoment(db, mailRules(schemas).digest, new Date(Date.now() + 7 * DAY_MS))).getTime() + 60_000);

  const first = await timed(() => runMailDigest(ctx, at));
  const again = await timed(() => runMailDigest(ctx, at));
  console.log(`database: ${kind}; ${items} kept notices of ${items / ITEMS_PER_USER} weekly users`);
  figure(`digest run: ${first.value.digests} digests listing ${first.value.items} notices`, first.ms / 1000, 's', undefined, 2);
  figure('digest run: digests per second', first.value.digests / (first.ms / 1000), 'digests/s', undefined, 0);
  figure(`digest run again at the same moment: ${again.value.digests} digests`, again.ms / 1000, 's', undefined, 2);

  await sql`
    INSERT INTO usage_monthly (cluster, project_id, user_id, month, cpuh, gpuh, jobs)
    SELECT 'supek', p.id, NULL, date_trunc('month', now() AT TIME ZONE 'Europe/Zagreb')::date - interval '1 month', 100 + p.id % 900, p.id % 7, 10
      FROM projects p`.execute(db);
  // The 20th of this month: past afterMonthDays, so last month's summaries are due.
  const today = new Date();
  const due = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 20, 10));
  const summaries = await timed(() => runUsageSummaries(ctx, due));
  const summariesAgain = await timed(() => runUsageSummaries(ctx, due));
  figure(`usage summaries of ${summaries.value.month}: ${summaries.value.projects} projects told`, summaries.ms / 1000, 's', undefined, 2);
  figure(`usage summaries again: ${summariesAgain.value.projects} projects told`, summariesAgain.ms / 1000, 's', undefined, 2);
  machineLoad();
}

runOnEachDatabase(() => withBenchDatabase(measure));
