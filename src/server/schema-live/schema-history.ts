/**
 * The history of the schema sets that went live (migration 0016): each set once, with when, from
 * which process and why, and its changes against the set recorded before it — computed when it is
 * recorded, from the documents kept with each entry, so every process tells the same story.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/tables';
import { diffSchemaDocs, type SchemaChange, type SchemaDoc } from '@/schema-runtime';

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
  db: Kysely<Database>,
  entry: { hash: string; docs: SchemaDoc[]; process: string; origin: string; authorId?: number | null; note?: string | null; baseHash?: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('schema_sets'))`.execute(trx);
    const latest = await trx.selectFrom('schema_sets').select(['hash', 'docs']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (latest?.hash === entry.hash) return;
    const changes = latest ? diffSchemaDocs(latest.docs as SchemaDoc[], entry.docs) : [];
    await trx
      .insertInto('schema_sets')
      .values({
        hash: entry.hash,
        process: entry.process,
        origin: entry.origin,
        docs: JSON.stringify(entry.docs),
        changes: JSON.stringify(changes),
        author_id: entry.authorId ?? null,
        note: entry.note ?? null,
        base_hash: entry.baseHash ?? null,
      })
      .execute();
  });
}

/** The latest entries, newest first. */
export async function schemaHistory(db: Kysely<Database>, limit = 50): Promise<SchemaSetEntry[]> {
  const rows = await db
    .selectFrom('schema_sets as s')
    .leftJoin('users as u', 'u.id', 's.author_id')
    .select(['s.id', 's.hash', 's.went_live_at', 's.process', 's.origin', 's.changes', 's.note', 'u.username'])
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
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

/** The latest recorded set: its hash, documents, and for a staff set the shipped base it was made on and who put it live. */
export interface LatestSet {
  hash: string;
  docs: SchemaDoc[];
  baseHash: string | null;
  authorId: number | null;
}

export async function latestSchemaSet(db: Kysely<Database>): Promise<LatestSet | undefined> {
  const row = await db.selectFrom('schema_sets').select(['hash', 'docs', 'base_hash', 'author_id']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && { hash: row.hash, docs: row.docs as SchemaDoc[], baseHash: row.base_hash, authorId: row.author_id };
}

/** The documents of the latest recorded set with `hash`. */
export async function schemaSetByHash(db: Kysely<Database>, hash: string): Promise<SchemaDoc[] | undefined> {
  const row = await db.selectFrom('schema_sets').select('docs').where('hash', '=', hash).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.docs as SchemaDoc[] | undefined;
}

/** The documents of history entry `id`. */
export async function schemaSetById(db: Kysely<Database>, id: number): Promise<{ hash: string; docs: SchemaDoc[] } | undefined> {
  const row = await db.selectFrom('schema_sets').select(['hash', 'docs']).where('id', '=', id).executeTakeFirst();
  return row && { hash: row.hash, docs: row.docs as SchemaDoc[] };
}
