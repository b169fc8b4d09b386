/**
 * The only module that names the tables of mail/ (outbox, mail_digests, digest_items, project_mail_mutes): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db, DatabaseHandle, Trx } from '@/server/db/handle';
import type { UserRow } from '@/server/db/tables';

/** What a notice's delivery and language need to know of its recipient. */
export type NoticeRecipient = Pick<UserRow, 'id' | 'person_mail' | 'person_type' | 'language' | 'mail_language' | 'routine_mail'> &
  Partial<Pick<UserRow, 'first_name' | 'last_name'>>;

/** The user columns of a {@link NoticeRecipient}, for selects (the name for the mail's greeting). */
export const RECIPIENT_COLUMNS = ['id', 'person_mail', 'person_type', 'language', 'mail_language', 'routine_mail', 'first_name', 'last_name'] as const;

// ---- outbox

/** `now() + ms` on the database clock, so several app hosts agree on what is due. */
function dbNowPlus(ms: number) {
  return sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;
}

/** A mail as it goes into the outbox: addresses already joined, the sender chosen. */
export interface OutboxValues {
  kind: string;
  to_addr: string;
  cc_addr: string;
  from_addr: string;
  subject: string;
  body: string;
}

/** Writes a mail to the outbox; answers its id. */
export async function insertOutboxMail(db: Db, mail: OutboxValues): Promise<number> {
  const row = await db.insertInto('outbox').values(mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A mail the sender delivers. */
export type OutboxRow = { id: number; to_addr: string; cc_addr: string; from_addr: string; subject: string; body: string; attempts: number };

/**
 * Claims up to `limit` due mails for this process: rows locked by another process's claim are
 * skipped, and the claimed ones are pushed `claimMs` into the future so that no other process
 * picks them up while they are being sent. The transaction is short; sending happens outside it.
 */
export async function claimDueMails(db: DatabaseHandle, limit: number, claimMs: number): Promise<OutboxRow[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('outbox')
      .select(['id', 'to_addr', 'cc_addr', 'from_addr', 'subject', 'body', 'attempts'])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length)
      await trx
        .updateTable('outbox')
        .set({ next_attempt_at: dbNowPlus(claimMs) })
        .where('id', 'in', rows.map((r) => r.id))
        .execute();
    return rows;
  });
}

/** Records a mail as delivered now. */
export async function markMailSent(db: Db, outboxId: number): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: sql<Date>`now()`, last_error: null }).where('id', '=', outboxId).execute();
}

/** Records a failed delivery: its count of tries, why, and that the next try waits `retryInMs`. */
export async function markMailFailed(db: Db, outboxId: number, failure: { attempts: number; lastError: string; retryInMs: number }): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      attempts: failure.attempts,
      last_error: failure.lastError,
      next_attempt_at: dbNowPlus(failure.retryInMs),
    })
    .where('id', '=', outboxId)
    .execute();
}

/** The unsent mails with an id above `afterId`, by id. */
export async function unsentMailsAfter(db: Db, afterId: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'to_addr', 'cc_addr', 'subject', 'body'])
    .where('sent_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

const LIST_COLUMNS = ['id', 'kind', 'to_addr', 'cc_addr', 'subject', 'created_at', 'sent_at', 'attempts', 'last_error'] as const;

/** The newest `limit` mails of the outbox, newest first (sent or not), without their bodies. */
export async function newestOutboxMails(db: Db, limit: number) {
  return db.selectFrom('outbox').select(LIST_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One mail of the outbox with its sender and body; undefined when there is none with that id. */
export async function outboxMailById(db: Db, id: number) {
  return db.selectFrom('outbox').select([...LIST_COLUMNS, 'from_addr', 'body']).where('id', '=', id).executeTakeFirst();
}

// ---- notices, mutes and digests

/** Whether this user muted the routine notices about this project. */
export async function isMuted(db: Db, projectId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('project_mail_mutes').select('user_id').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Keeps a routine notice for the user's weekly digest (`at`: when it happened; the database's now by default). */
export async function keepDigestItem(db: Db, item: { userId: number; kind: string; projectId: number | null; params: string; at?: Date }): Promise<void> {
  await db
    .insertInto('digest_items')
    .values({ user_id: item.userId, kind: item.kind, project_id: item.projectId, params: item.params, ...(item.at ? { created_at: item.at } : {}) })
    .execute();
}

/** The identifiers of the projects a user muted, in order. */
export async function mutedProjectIdentifiers(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('project_mail_mutes as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select('p.identifier')
    .where('m.user_id', '=', userId)
    .orderBy('p.identifier')
    .execute();
  return rows.map((m) => m.identifier);
}

/** Mutes a project's routine notices for a user (again is harmless). */
export async function muteProject(db: Db, projectId: number, userId: number): Promise<void> {
  await db.insertInto('project_mail_mutes').values({ project_id: projectId, user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
}

/** Hears a project's routine notices again. */
export async function unmuteProject(db: Db, projectId: number, userId: number): Promise<void> {
  await db.deleteFrom('project_mail_mutes').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
}

/** The users with notices kept before `moment` that no digest listed yet. */
export async function usersWithPendingDigestItems(db: Db, moment: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('digest_items')
    .select('user_id')
    .distinct()
    .where('digest_id', 'is', null)
    .where('created_at', '<', moment)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Claims a user's digest of a moment by inserting its row; undefined when another process claimed it first. */
export async function claimDigest(trx: Trx, userId: number, moment: Date): Promise<{ id: number } | undefined> {
  return trx
    .insertInto('mail_digests')
    .values({ user_id: userId, period_end: moment })
    .onConflict((oc) => oc.columns(['user_id', 'period_end']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Gives a user's unlisted notices kept before `moment` to a digest; answers them. */
export async function takeDigestItems(trx: Trx, digestId: number, userId: number, moment: Date) {
  return trx
    .updateTable('digest_items')
    .set({ digest_id: digestId })
    .where('user_id', '=', userId)
    .where('digest_id', 'is', null)
    .where('created_at', '<', moment)
    .returning(['id', 'kind', 'params', 'created_at'])
    .execute();
}

/** Records the outbox mail of a digest. */
export async function setDigestMail(db: Db, digestId: number, outboxId: number): Promise<void> {
  await db.updateTable('mail_digests').set({ outbox_id: outboxId }).where('id', '=', digestId).execute();
}

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

