/**
 * The history of the schema sets that went live (migration 0016): each set once, with when, from
 * which process and why, and its changes against the set recorded before it — computed when it is
 * recorded, from the documents kept with each entry, so every process tells the same story.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { diffSchemaDocs, type SchemaChange, type SchemaDoc } from '../../../schema-runtime';

/** One entry of the history as the rules page shows it. */
export interface SchemaSetEntry {
  id: number;
  hash: string;
  wentLiveAt: string;
  process: string;
  origin: string;
  changes: SchemaChange[];
}

/**
 * Records a set that went live, unless it is already the latest entry (several processes load the
 * same edit; the first records it). Serialised by a transaction-level advisory lock.
 */
export async function recordSchemaSet(db: Kysely<Database>, entry: { hash: string; docs: SchemaDoc[]; process: string; origin: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('schema_sets'))`.execute(trx);
    const latest = await trx.selectFrom('schema_sets').select(['hash', 'docs']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (latest?.hash === entry.hash) return;
    const changes = latest ? diffSchemaDocs(latest.docs as SchemaDoc[], entry.docs) : [];
    await trx
      .insertInto('schema_sets')
      .values({ hash: entry.hash, process: entry.process, origin: entry.origin, docs: JSON.stringify(entry.docs), changes: JSON.stringify(changes) })
      .execute();
  });
}

/** The latest entries, newest first. */
export async function schemaHistory(db: Kysely<Database>, limit = 50): Promise<SchemaSetEntry[]> {
  const rows = await db
    .selectFrom('schema_sets')
    .select(['id', 'hash', 'went_live_at', 'process', 'origin', 'changes'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    hash: r.hash,
    wentLiveAt: new Date(r.went_live_at).toISOString(),
    process: r.process,
    origin: r.origin,
    changes: r.changes as SchemaChange[],
  }));
}
