/**
 * The history of the schema sets that went live (migration 0016): each set once, with when, from
 * which process and why, and its changes against the set recorded before it — computed when it is
 * recorded, from the documents kept with each entry, so every process tells the same story.
 */
import type { DatabaseHandle } from '@/server/db/handle';
import { diffSchemaDocs, type SchemaChange, type SchemaDoc } from '@/schema-runtime';
import { insertSchemaSet, latestSchemaSet, lockSchemaHistory, schemaSetRows } from './queries';

/** One entry of the history as the rules page shows it. */
export interface SchemaSetEntry {
  id: number;
  hash: string;
  wentLiveAt: string;
  process: string;
  origin: string;
  changes: SchemaChange[];
  /** Who put it live from the rules editor, and their note (null for a folder load). */
  author: string | null;
  note: string | null;
}

/**
 * Records a set that went live, unless it is already the latest entry (several processes load the
 * same edit; the first records it). Serialised by a transaction-level advisory lock.
 */
export async function recordSchemaSet(
  db: DatabaseHandle,
  entry: { hash: string; docs: SchemaDoc[]; process: string; origin: string; authorId?: number | null; note?: string | null; baseHash?: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockSchemaHistory(trx);
    const latest = await latestSchemaSet(trx);
    if (latest?.hash === entry.hash) return;
    const changes = latest ? diffSchemaDocs(latest.docs, entry.docs) : [];
    await insertSchemaSet(trx, {
      hash: entry.hash,
      process: entry.process,
      origin: entry.origin,
      docs: entry.docs,
      changes,
      authorId: entry.authorId ?? null,
      note: entry.note ?? null,
      baseHash: entry.baseHash ?? null,
    });
  });
}

/** The latest entries, newest first. */
export async function schemaHistory(db: DatabaseHandle, limit = 50): Promise<SchemaSetEntry[]> {
  const rows = await schemaSetRows(db, limit);
  return rows.map((r) => ({
    id: Number(r.id),
    hash: r.hash,
    wentLiveAt: new Date(r.went_live_at).toISOString(),
    process: r.process,
    origin: r.origin,
    changes: r.changes as SchemaChange[],
    author: r.username ?? null,
    note: r.note ?? null,
  }));
}
