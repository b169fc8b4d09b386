/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { UserRow, UserUpdate, UsersTable } from '@/server/db/tables';
export type { UserRow, UserUpdate } from '@/server/db/tables';

/** The user with this national id (OIB); the oldest when several share it. */
export async function firstUserWithOib(db: Db, oib: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('person_oib', '=', oib).orderBy('id').executeTakeFirst();
}

/** The user with this username, if any. */
export async function userByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/**
 * A user whose "first last" name, lowercased, trimmed, with runs of spaces as one and the letters
 * of `fold.from` turned into those of `fold.to`, equals `folded`; undefined if none.
 */
export async function userIdWithFoldedName(db: Db, folded: string, fold: { from: string; to: string }): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`translate(regexp_replace(trim(lower(first_name || ' ' || last_name)), '\\s+', ' ', 'g'), ${fold.from}, ${fold.to})`, '=', folded)
    .executeTakeFirst();
  return row?.id;
}

/** Refreshes a federated user's columns from a login's attributes; the updated row (throws if the user is gone). */
export async function refreshFederatedUser(db: Db, userId: number, refresh: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(refresh).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

/** Creates the user a first federated login brings; the new row. */
export async function createFederatedUser(db: Db, user: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Stores what the registry says of a user (name, email, MBZ). */
export async function setRegistryPerson(
  db: Db,
  userId: number,
  person: Pick<UserUpdate, 'croris_first_name' | 'croris_last_name' | 'croris_mail' | 'croris_mbz'>,
): Promise<void> {
  await db.updateTable('users').set(person).where('id', '=', userId).execute();
}
