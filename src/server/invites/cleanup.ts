import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@/server/db/tables';
import type { SchemaSet } from '@/schema-runtime';

/** How often the cleanup job runs (reference §8: every 10 minutes). */
export const INVITE_CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * True for an invitation (table `invites`) whose `inviteExpiryDays` have passed since it was sent.
 * Computed on the database clock so every app process and the cleanup job agree.
 */
export function inviteExpiredSql(schemas: SchemaSet): RawBuilder<boolean> {
  const days = schemas.constants.inviteExpiryDays;
  return sql<boolean>`(coalesce(invites.sent, invites.created) <= now() - make_interval(days => ${days}))`;
}

/**
 * Deletes accepted and expired invitations. Afterwards their keys answer "Invitation code
 * expired" instead of "already used" (reference §3.7 step 1), and an expired address may be
 * invited again. Safe to run from several processes at once.
 *
 * @returns how many invitations were deleted
 */
export async function purgeUsedInvites(db: Kysely<Database>, schemas: SchemaSet): Promise<number> {
  const result = await db
    .deleteFrom('invites')
    .where((eb) => eb.or([eb('invites.accepted', '=', true), inviteExpiredSql(schemas)]))
    .executeTakeFirst();
  // A cancelled key is remembered only as long as the invitation would have been valid.
  await db
    .deleteFrom('cancelled_invites')
    .where('cancelled_at', '<=', sql<Date>`now() - make_interval(days => ${schemas.constants.inviteExpiryDays})`)
    .execute();
  return Number(result.numDeletedRows);
}
