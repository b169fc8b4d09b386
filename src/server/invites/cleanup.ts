import type { SchemaSet } from '@/schema-runtime';
import type { Db } from '@/server/db/handle';
import { deleteUsedInvites, forgetOldCancelledKeys } from './queries';


/** How often the cleanup job runs (reference §8: every 10 minutes). */
export const INVITE_CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Deletes accepted and expired invitations. Afterwards their keys answer "Invitation code
 * expired" instead of "already used" (reference §3.7 step 1), and an expired address may be
 * invited again. Safe to run from several processes at once.
 *
 * @returns how many invitations were deleted
 */
export async function purgeUsedInvites(db: Db, schemas: SchemaSet): Promise<number> {
  const deleted = await deleteUsedInvites(db, schemas);
  // A cancelled key is remembered only as long as the invitation would have been valid.
  await forgetOldCancelledKeys(db, schemas);
  return deleted;
}
