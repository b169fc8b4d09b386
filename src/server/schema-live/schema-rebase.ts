/**
 * Staff changes carried over an upgrade (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md).
 * Every shipped folder a process starts on is kept by its hash; when the set in force is a staff set
 * made on another folder than the one this release ships, the staff changes are re-applied on the new
 * folder (`rebaseDocs`). What merges cleanly and passes the whole set check goes live; a conflict, or a
 * merge the check refuses, becomes a draft for an editor to decide, and the staff set keeps serving
 * meanwhile when it still passes the check on this release.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import type { RebaseConflict, SchemaDoc } from '@/schema-runtime';
import { firstActiveSuperuserId } from '@/server/users/queries';
import { insertDraft, keptBaseDocs, openRebaseDraftId, schemaSetByHash } from './queries';

/** The documents of the shipped folder `hash`: kept since 0041, or the history's record of a start on it. */
export async function baseDocs(db: DatabaseHandle, hash: string): Promise<SchemaDoc[] | undefined> {
  return (await keptBaseDocs(db, hash)) ?? (await schemaSetByHash(db, hash));
}

/**
 * The draft that asks for a decision on the staff set `staffHash` re-applied on the base `newBase`:
 * the open one already made (another process, an earlier start), or a new one by `authorId` (the
 * editor who published the staff set; a superuser when that account is gone). Undefined when there
 * is nobody to attribute it to.
 */
export async function rebaseDraft(
  db: DatabaseHandle,
  rebase: { staffHash: string; newBase: string; authorId: number | null; fromHash: string; docs: readonly SchemaDoc[]; conflicts: readonly RebaseConflict[] },
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    // Processes of one release start together: one makes the draft, the others find it.
    await sql`SELECT pg_advisory_xact_lock(hashtext('schema_rebase'))`.execute(trx);
    const open = await openRebaseDraftId(trx, rebase.staffHash, rebase.newBase);
    if (open !== undefined) return open;
    const authorId = rebase.authorId ?? (await firstActiveSuperuserId(trx));
    if (authorId === undefined) return undefined;
    return insertDraft(trx, {
      authorId,
      fromHash: rebase.fromHash,
      docs: rebase.docs,
      rebase: { staffHash: rebase.staffHash, newBase: rebase.newBase, conflicts: rebase.conflicts },
    });
  });
}
