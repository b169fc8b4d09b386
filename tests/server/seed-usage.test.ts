import { sql, type Kysely } from 'kysely';
import { seedDemo } from '../../src/server/demo/seed-demo';
import type { Database } from '../../src/server/db/tables';
import { readConfig } from '../../src/server/config';
import { openTestDatabase } from '../../harness/test-database';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('demo usage', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    ({ db, close } = opened);
    await seedDemo(db, opened.schemas, NOW);
  });
  afterAll(() => close());

  const usageOf = async (username: string) =>
    (
      await sql<{ months: number; cpuh: number; first: string; last: string }>`
        SELECT count(DISTINCT a.month)::int AS months, sum(a.cpuh) AS cpuh, min(a.month) AS first, max(a.month) AS last
        FROM usage_monthly a JOIN users u ON u.id = a.user_id WHERE u.username = ${username}`.execute(db)
    ).rows[0];

  it('gives the demo lead two years of usage, the collaborator every recent month, and the newcomer none', async () => {
    const lead = await usageOf('lead');
    expect(lead.months).toBeGreaterThanOrEqual(24);
    expect(String(lead.first) <= '2024-11-01').toBe(true);
    expect(String(lead.last)).toBe('2026-11-01');
    expect(Number(lead.cpuh)).toBeGreaterThan(1000);
    expect((await usageOf('collab')).months).toBeGreaterThanOrEqual(12);
    expect((await usageOf('newbie')).months).toBe(0);
  });

  it('keeps the aggregates equal to the sums of the stored jobs', async () => {
    const { rows } = await sql<{ diff: number }>`
      SELECT coalesce(max(abs(a.cpuh - j.cpuh) + abs(a.gpuh - j.gpuh)), 0) AS diff
      FROM usage_monthly a
      JOIN (SELECT cluster, project_id, user_id, month, sum(cpuh) AS cpuh, sum(gpuh) AS gpuh FROM usage_jobs GROUP BY 1, 2, 3, 4) j
        ON j.cluster = a.cluster AND j.project_id = a.project_id AND j.user_id IS NOT DISTINCT FROM a.user_id AND j.month = a.month`.execute(db);
    expect(Number(rows[0].diff)).toBeLessThan(1e-6);
    const count = await sql<{ jobs: number; agg: number }>`SELECT (SELECT count(*) FROM usage_jobs)::int AS jobs, (SELECT sum(jobs) FROM usage_monthly)::int AS agg`.execute(db);
    expect(count.rows[0].jobs).toBe(count.rows[0].agg);
  });

  it('never dates usage after now or outside a project\'s approval and end', async () => {
    const { rows } = await sql<{ bad: number }>`
      SELECT count(*)::int AS bad FROM usage_jobs j JOIN projects p ON p.id = j.project_id
      WHERE j.end_time > ${NOW} OR j.end_time < p.date_approved`.execute(db);
    expect(rows[0].bad).toBe(0);
  });
});

describe('ENABLE_ACCOUNTING', () => {
  it('is on in demo mode, off in production, and follows the variable when set', () => {
    expect(readConfig({}).enableAccounting).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://portal.example.org' }).enableAccounting).toBe(false);
    expect(readConfig({ ENABLE_ACCOUNTING: 'false' }).enableAccounting).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://portal.example.org', ENABLE_ACCOUNTING: 'true' }).enableAccounting).toBe(true);
  });
});
