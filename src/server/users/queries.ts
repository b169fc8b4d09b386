/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '@/server/db/handle';
import type { UserRow } from '@/server/db/tables';
import { RECIPIENT_COLUMNS, type NoticeRecipient } from '@/server/mail/queries';
export type { UserRow, UserUpdate } from '@/server/db/tables';

/** Locks a user's row for the caller's transaction (parallel calls of that user then run one after the other). */
export async function lockUserRow(trx: Trx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** A user's first and last name; undefined when there is no such user. */
export async function namesOfUser(db: Db, userId: number): Promise<{ first_name: string; last_name: string } | undefined> {
  return db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

/** A user as the recipient of a notice (delivery, language and greeting); undefined when there is no such user. */
export async function recipientById(db: Db, userId: number): Promise<NoticeRecipient | undefined> {
  return db.selectFrom('users').select(RECIPIENT_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** Stores a user's mail language and how routine notices reach them. */
export async function setMailPreferences(db: Db, userId: number, prefs: { mail_language: string; routine_mail: string }): Promise<void> {
  await db.updateTable('users').set(prefs).where('id', '=', userId).execute();
}

/** The language columns of the user with this e-mail (case-insensitive), the one who signed in last when several have it. */
export async function languageOfUserWithAddress(db: Db, email: string): Promise<Pick<UserRow, 'language' | 'mail_language' | 'person_type'> | undefined> {
  return db
    .selectFrom('users')
    .select(['language', 'mail_language', 'person_type'])
    .where((eb) => eb(eb.fn('lower', ['person_mail']), '=', email.toLowerCase()))
    .orderBy('last_login', (ob) => ob.desc().nullsLast())
    .executeTakeFirst();
}

/** The users whose cluster username or unique id is one of `names`: their id, username and unique id. */
export async function usersByClusterNames(db: Db, names: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'person_username', 'person_uniqueid'])
    // IN (SELECT unnest(...)) is hashed once; `= any(array)` would compare every user with every name.
    .where((eb) =>
      eb.or([
        eb('person_username', 'in', sql<string>`(SELECT unnest(${names}::text[]))`),
        eb('person_uniqueid', 'in', sql<string>`(SELECT unnest(${names}::text[]))`),
      ]),
    )
    .execute();
}
