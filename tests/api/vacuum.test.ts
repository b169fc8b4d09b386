import { sql } from 'kysely';
import { dueTables, vacuumDueTables } from '../../src/server/db/vacuum';
import { openTestDatabase } from '../../harness/test-database';

/*
 * The embedded database has no autovacuum; the portal's own pass does its work there (and after an
 * import on both databases). On the PostgreSQL server the test's tables opt out of autovacuum, so
 * that the server's own daemon cannot do the work first.
 */
describe('vacuuming the tables that are due', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase();
    for (const table of ['login_attempts', 'cancelled_invites']) await sql`ALTER TABLE ${sql.id(table)} SET (autovacuum_enabled = false)`.execute(t.db);
  });
  afterAll(() => t.close());

  interface Stats {
    live: number;
    dead: number;
    changed: number;
    vacuums: number;
    analyses: number;
  }
  const stats = async (table: string): Promise<Stats> => {
    const { rows } = await sql<Record<keyof Stats, string>>`
      SELECT n_live_tup AS live, n_dead_tup AS dead, n_mod_since_analyze AS changed,
             vacuum_count + autovacuum_count AS vacuums, analyze_count + autoanalyze_count AS analyses
        FROM pg_stat_user_tables WHERE relname = ${table} AND schemaname = current_schema()`.execute(t.db);
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)])) as unknown as Stats;
  };
  /** The statistics count a connection's changes once it is idle (at most once a second): waits until they show. */
  const untilCounted = async (table: string, holds: (s: Stats) => boolean): Promise<Stats> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await sql`SELECT pg_stat_force_next_flush()`.execute(t.db);
      const now = await stats(table);
      if (holds(now)) return now;
      if (Date.now() > deadline) throw new Error(`${table}: statistics never showed the change: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('vacuums a table whose dead rows pass 50 + 20% of its live ones, and then leaves it be', async () => {
    await sql`INSERT INTO login_attempts (key) SELECT 'k' || g FROM generate_series(1, 1000) g`.execute(t.db);
    await t.db.deleteFrom('login_attempts').where('key', 'like', 'k%').where(sql<boolean>`substr(key, 2)::int <= 600`).execute();
    const before = await untilCounted('login_attempts', (s) => s.dead === 600 && s.live === 400);

    const done = await vacuumDueTables(t.db);
    expect(done.find((d) => d.table === 'login_attempts')).toMatchObject({ action: 'vacuum', live: 400, dead: 600 });

    const after = await untilCounted('login_attempts', (s) => s.vacuums > before.vacuums);
    expect(after).toMatchObject({ dead: 0, live: 400, changed: 0 });
    expect((await vacuumDueTables(t.db)).map((d) => d.table)).not.toContain('login_attempts');
  });

  it('only analyses a table that changed but holds few dead rows', async () => {
    await sql`INSERT INTO cancelled_invites (key) SELECT 'c' || g FROM generate_series(1, 500) g`.execute(t.db);
    const before = await untilCounted('cancelled_invites', (s) => s.changed >= 500);

    const done = await vacuumDueTables(t.db);
    expect(done.find((d) => d.table === 'cancelled_invites')).toMatchObject({ action: 'analyze', dead: 0, changed: 500 });
    const after = await untilCounted('cancelled_invites', (s) => s.analyses > before.analyses);
    expect(after).toMatchObject({ changed: 0, vacuums: before.vacuums });
  });

  it("takes autovacuum's thresholds, the most dead rows first", () => {
    expect(
      dueTables([
        { table: 'quiet', live: 1000, dead: 250, inserted: 1200, changed: 150 },
        { table: 'few', live: 10, dead: 53, inserted: 0, changed: 0 },
        { table: 'loaded', live: 10_000, dead: 0, inserted: 3001, changed: 0 },
        { table: 'many', live: 1000, dead: 251, inserted: 0, changed: 0 },
        { table: 'changed', live: 1000, dead: 0, inserted: 0, changed: 151 },
      ]).map((d) => [d.table, d.action]),
    ).toEqual([
      ['many', 'vacuum'],
      ['few', 'vacuum'],
      ['loaded', 'vacuum'],
      ['changed', 'analyze'],
    ]);
  });
});
