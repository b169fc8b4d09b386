/**
 * The only module that names the tables of mail/ (outbox, mail_digests, digest_items, project_mail_mutes): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

/** How many mails wait in the outbox (not sent yet). */
export async function unsentMailCount(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** How many unsent mails have failed delivery at least once. */
export async function failingMailCount(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND attempts > 0`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** The projects whose mails a user muted, for the user's data export: by project identifier. */
export async function mailMutesForExport(db: Db, userId: number) {
  return db
    .selectFrom('project_mail_mutes as x')
    .innerJoin('projects as p', 'p.id', 'x.project_id')
    .select(['p.identifier', 'x.muted_at'])
    .where('x.user_id', '=', userId)
    .orderBy('p.identifier')
    .execute();
}

/**
 * The outbox mails whose To or Cc text contains one of these (lower-case) addresses, for the
 * person's data export: in the order they were written. None without an address.
 */
export async function mailsMentioningForExport(db: Db, addresses: string[]) {
  if (!addresses.length) return [];
  return db
    .selectFrom('outbox')
    .select(['kind', 'to_addr', 'cc_addr', 'subject', 'body', 'created_at', 'sent_at'])
    .where((eb) => eb.or(addresses.flatMap((a) => [eb(sql<string>`lower(to_addr)`, 'like', `%${a}%`), eb(sql<string>`lower(cc_addr)`, 'like', `%${a}%`)])))
    .orderBy('id')
    .execute();
}
