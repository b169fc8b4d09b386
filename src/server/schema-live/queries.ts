/**
 * The only module that names the tables of schema-live/ (schema_sets, schema_drafts, schema_bases, shown_formats): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '@/server/db/handle';
import type { RebaseConflict, SchemaDoc } from '@/schema-runtime';

// --- schema_sets: the history of the sets that went live ---

/** The latest recorded set: its hash, documents, and for a staff set the shipped base it was made on and who put it live. */
export interface LatestSet {
  hash: string;
  docs: SchemaDoc[];
  baseHash: string | null;
  authorId: number | null;
}

/** The latest recorded set, if any. */
export async function latestSchemaSet(db: Db): Promise<LatestSet | undefined> {
  const row = await db.selectFrom('schema_sets').select(['hash', 'docs', 'base_hash', 'author_id']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && { hash: row.hash, docs: row.docs as SchemaDoc[], baseHash: row.base_hash, authorId: row.author_id };
}

/** The documents of the latest recorded set with `hash`. */
export async function schemaSetByHash(db: Db, hash: string): Promise<SchemaDoc[] | undefined> {
  const row = await db.selectFrom('schema_sets').select('docs').where('hash', '=', hash).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.docs as SchemaDoc[] | undefined;
}

/** The documents of history entry `id`. */
export async function schemaSetById(db: Db, id: number): Promise<{ hash: string; docs: SchemaDoc[] } | undefined> {
  const row = await db.selectFrom('schema_sets').select(['hash', 'docs']).where('id', '=', id).executeTakeFirst();
  return row && { hash: row.hash, docs: row.docs as SchemaDoc[] };
}

/** The id of the latest history entry with `hash`, if any. */
export async function schemaSetIdByHash(db: Db, hash: string): Promise<number | undefined> {
  const row = await db.selectFrom('schema_sets').select('id').where('hash', '=', hash).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

/** Adds a history entry. */
export async function insertSchemaSet(
  db: Db,
  entry: { hash: string; process: string; origin: string; docs: readonly SchemaDoc[]; changes: unknown; authorId: number | null; note: string | null; baseHash: string | null },
): Promise<void> {
  await db
    .insertInto('schema_sets')
    .values({
      hash: entry.hash,
      process: entry.process,
      origin: entry.origin,
      docs: JSON.stringify(entry.docs),
      changes: JSON.stringify(entry.changes),
      author_id: entry.authorId,
      note: entry.note,
      base_hash: entry.baseHash,
    })
    .execute();
}

/** The latest `limit` history entries, newest first, with the username of who put each live. */
export async function schemaSetRows(db: Db, limit: number) {
  return db
    .selectFrom('schema_sets as s')
    .leftJoin('users as u', 'u.id', 's.author_id')
    .select(['s.id', 's.hash', 's.went_live_at', 's.process', 's.origin', 's.changes', 's.note', 'u.username'])
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

// --- schema_bases: the shipped folders processes started on ---

/** Keeps a shipped folder's documents by its set's hash (once). */
export async function recordBase(db: Db, hash: string, docs: readonly SchemaDoc[]): Promise<void> {
  await db.insertInto('schema_bases').values({ hash, docs: JSON.stringify(docs) }).onConflict((oc) => oc.column('hash').doNothing()).execute();
}

/** The documents kept (since 0041) for the shipped folder `hash`. */
export async function keptBaseDocs(db: Db, hash: string): Promise<SchemaDoc[] | undefined> {
  const row = await db.selectFrom('schema_bases').select('docs').where('hash', '=', hash).executeTakeFirst();
  return row?.docs as SchemaDoc[] | undefined;
}

// --- schema_drafts: sets being edited in the browser ---

/** An open draft with its author's and approver's usernames; undefined when there is no open draft `id`. */
export async function openDraft(db: Db, id: number) {
  return openDrafts(db).where('d.id', '=', id).executeTakeFirst();
}

/** The open drafts, newest first. */
export async function openDraftsNewestFirst(db: Db) {
  return openDrafts(db).orderBy('d.id', 'desc').execute();
}

function openDrafts(db: Db) {
  return db
    .selectFrom('schema_drafts as d')
    .innerJoin('users as u', 'u.id', 'd.author_id')
    .leftJoin('users as a', 'a.id', 'd.approved_by')
    .select(['d.id', 'd.author_id', 'u.username as author', 'd.created_at', 'd.updated_at', 'd.from_hash', 'd.docs', 'a.username as approver', 'd.rebase_of', 'd.rebase_base', 'd.conflicts'])
    .where('d.state', '=', 'open');
}

/** The open draft a rebase made for the staff set `staffHash` on the base `newBase`, if any. */
export async function openRebaseDraftId(db: Db, staffHash: string, newBase: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('schema_drafts')
    .select('id')
    .where('state', '=', 'open')
    .where('rebase_of', '=', staffHash)
    .where('rebase_base', '=', newBase)
    .executeTakeFirst();
  return row && Number(row.id);
}

/** Creates an open draft (for a rebase: the staff set, the base it is re-applied on, the conflicts); its id. */
export async function insertDraft(
  db: Db,
  draft: { authorId: number; fromHash: string; docs: readonly SchemaDoc[]; rebase?: { staffHash: string; newBase: string; conflicts: readonly RebaseConflict[] } },
): Promise<number> {
  const { rebase } = draft;
  const row = await db
    .insertInto('schema_drafts')
    .values({
      author_id: draft.authorId,
      from_hash: draft.fromHash,
      docs: JSON.stringify(draft.docs),
      ...(rebase && { rebase_of: rebase.staffHash, rebase_base: rebase.newBase, conflicts: JSON.stringify(rebase.conflicts) }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Replaces a draft's documents; the edit withdraws its approval. */
export async function replaceDraftDocs(db: Db, id: number, docs: readonly SchemaDoc[]): Promise<void> {
  await db.updateTable('schema_drafts').set({ docs: JSON.stringify(docs), updated_at: new Date(), approved_by: null }).where('id', '=', id).execute();
}

/** Records who approved a draft. */
export async function setDraftApprover(db: Db, id: number, editorId: number): Promise<void> {
  await db.updateTable('schema_drafts').set({ approved_by: editorId }).where('id', '=', id).execute();
}

/** Marks a draft discarded. */
export async function markDraftDiscarded(db: Db, id: number): Promise<void> {
  await db.updateTable('schema_drafts').set({ state: 'discarded' }).where('id', '=', id).execute();
}

/** Marks a draft published, as history entry `setId` (null when the entry is not found). */
export async function markDraftPublished(db: Db, id: number, setId: number | null): Promise<void> {
  await db.updateTable('schema_drafts').set({ state: 'published', published_set_id: setId }).where('id', '=', id).execute();
}

/** Holds the history's lock until the transaction ends: one process at a time records a set (any number may start). */
export async function lockSchemaHistory(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('schema_sets'))`.execute(trx);
}
