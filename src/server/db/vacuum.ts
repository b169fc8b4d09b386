import { sql, type Kysely } from 'kysely';
import type { Database } from './tables';

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has none (PGlite
 * runs PostgreSQL in single-user mode: no autovacuum launcher, no background workers).
 *
 * Without it an import or months of ordinary writes leave each table's dead row versions in place
 * and its visibility map unset: at 100,000 users, after the 29,416 updates that set who is an active
 * member, the inactive users' count read every row's heap page and took 58–61 ms; after one
 * `VACUUM (ANALYZE) users`, 8–9 ms (decision 0550).
 *
 * The thresholds are autovacuum's defaults, so both databases keep their tables alike: a table is
 * vacuumed once its dead rows pass 50 + 20% of its live ones, or the rows inserted since its last
 * vacuum pass 1,000 + 20% (which sets the new rows' pages all-visible, so that index-only scans
 * need not read them), and analysed once its changes since the last analyse pass 50 + 10%.
 */
export const VACUUM_THRESHOLD = { base: 50, deadShare: 0.2, insertedBase: 1000, insertedShare: 0.2, changedShare: 0.1 } as const;

/** One table the pass worked on, what made it due, and how long the statement held the database. */
export interface TableUpkeep {
  table: string;
  action: 'vacuum' | 'analyze';
  live: number;
  dead: number;
  inserted: number;
  changed: number;
  ms: number;
}

interface TableStats {
  table: string;
  live: number;
  dead: number;
  /** Rows inserted since the last vacuum. */
  inserted: number;
  /** Rows changed since the last analyse. */
  changed: number;
}

/** The tables past a threshold, the most dead rows first; a table due for both gets the vacuum (which analyses too). */
export function dueTables(stats: readonly TableStats[]): (TableStats & { action: TableUpkeep['action'] })[] {
  const { base, deadShare, insertedBase, insertedShare, changedShare } = VACUUM_THRESHOLD;
  const action = (s: TableStats): TableUpkeep['action'] | undefined => {
    if (s.dead > base + deadShare * s.live || s.inserted > insertedBase + insertedShare * s.live) return 'vacuum';
    return s.changed > base + changedShare * s.live ? 'analyze' : undefined;
  };
  return stats
    .map((s) => ({ ...s, action: action(s) }))
    .filter((s): s is TableStats & { action: TableUpkeep['action'] } => s.action !== undefined)
    .sort((a, b) => b.dead - a.dead || b.inserted - a.inserted || b.changed - a.changed);
}

/**
 * Vacuums (with ANALYZE) or only analyses each table of the portal's schema that is due, one
 * statement at a time. The statistics it reads are what the database has counted so far; the
 * current connection's own last changes are flushed first (they are counted at most once a second).
 */
export async function vacuumDueTables(db: Kysely<Database>): Promise<TableUpkeep[]> {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ table: string; live: string; dead: string; inserted: string; changed: string }>`
    SELECT relname AS "table", n_live_tup AS live, n_dead_tup AS dead, n_ins_since_vacuum AS inserted, n_mod_since_analyze AS changed
      FROM pg_stat_user_tables
     WHERE schemaname = current_schema()`.execute(db);
  const done: TableUpkeep[] = [];
  for (const due of dueTables(rows.map((r) => ({ table: r.table, live: Number(r.live), dead: Number(r.dead), inserted: Number(r.inserted), changed: Number(r.changed) })))) {
    const started = performance.now();
    if (due.action === 'vacuum') await sql`VACUUM (ANALYZE) ${sql.id(due.table)}`.execute(db);
    else await sql`ANALYZE ${sql.id(due.table)}`.execute(db);
    done.push({ ...due, ms: performance.now() - started });
  }
  return done;
}
