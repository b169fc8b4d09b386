import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/server/db/tables';

/*
 * A pg pool's end() resolves before its sockets have closed, and dropping the database WITH (FORCE)
 * then kills them, which the pool reports as an unhandled error. With two pools (and parallel
 * requests holding several connections each) that race is likely, so wait until they are gone.
 */
export async function closePools(kind: string, dbs: Kysely<Database>[]): Promise<void> {
  if (kind !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(dbs[0]);
  for (const db of dbs) await db.destroy();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i += 1) {
      const left = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [rows[0].name]);
      if (left.rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
