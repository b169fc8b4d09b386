/**
 * Staff changes carried over an upgrade (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md).
 * Every shipped folder a process starts on is kept by its hash; when the set in force is a staff set
 * made on another folder than the one this release ships, the staff changes are re-applied on the new
 * folder (`rebaseDocs`). What merges cleanly and passes the whole set check goes live; a conflict, or a
 * merge the check refuses, becomes a draft for an editor to decide, and the staff set keeps serving
 * meanwhile when it still passes the check on this release.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/tables';
import type { RebaseConflict, SchemaDoc } from '@/schema-runtime';
import { schemaSetByHash } from './schema-history';

/** Keeps a shipped folder's documents by its set's hash (once). */
export async function recordBase(db: Kysely<Database>, hash: string, docs: readonly SchemaDoc[]): Promise<void> {
  await db.insertInto('schema_bases').values({ hash, docs: JSON.stringify(docs) }).onConflict((oc) => oc.column('hash').doNothing()).execute();
}

/** The documents of the shipped folder `hash`: kept since 0041, or the history's record of a start on it. */
export async function baseDocs(db: Kysely<Database>, hash: string): Promise<SchemaDoc[] | undefined> {
  const row = await db.selectFrom('schema_bases').select('docs').where('hash', '=', hash).executeTakeFirst();
  return (row?.docs as SchemaDoc[] | undefined) ?? (await schemaSetByHash(db, hash));
}

/**
 * The draft that asks for a decision on the staff set `staffHash` re-applied on the base `newBase`:
 * the open one already made (another process, an earlier start), or a new one by `authorId` (the
 * editor who published the staff set; a superuser when that account is gone). Undefined when there
 * is nobody to attribute it to.
 */
export async function rebaseDraft(
  db: Kysely<Database>,
  rebase: { staffHash: string; newBase: string; authorId: number | null; fromHash: string; docs: readonly SchemaDoc[]; conflicts: readonly RebaseConflict[] },
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    // Processes of one release start together: one makes the draft, the others find it.
    await sql`SELECT pg_advisory_xact_lock(hashtext('schema_rebase'))`.execute(trx);
    const open = await trx
      .selectFrom('schema_drafts')
      .select('id')
      .where('state', '=', 'open')
      .where('rebase_of', '=', rebase.staffHash)
      .where('rebase_base', '=', rebase.newBase)
      .executeTakeFirst();
    if (open) return Number(open.id);
    const superuser = async () => (await trx.selectFrom('users').select('id').where('is_superuser', '=', true).where('is_active', '=', true).orderBy('id').executeTakeFirst())?.id;
    const authorId = rebase.authorId ?? (await superuser());
    if (authorId === undefined) return undefined;
    const row = await trx
      .insertInto('schema_drafts')
      .values({
        author_id: authorId,
        from_hash: rebase.fromHash,
        docs: JSON.stringify(rebase.docs),
        rebase_of: rebase.staffHash,
        rebase_base: rebase.newBase,
        conflicts: JSON.stringify(rebase.conflicts),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}
