/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { UserRow, UsersTable, UserUpdate } from '@/server/db/tables';

export type { UserRow, UserUpdate } from '@/server/db/tables';
/** A new user row as it is written. */
export type NewUser = Insertable<UsersTable>;

/** The user with this id. */
export async function userById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The user with this (sign-in) username. */
export async function userByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The id of the user with this username, if any. */
export async function userIdByUsername(db: Db, username: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst())?.id;
}

/** The id of the user with this cluster username, if any. */
export async function userIdByClusterUsername(db: Db, personUsername: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('person_username', '=', personUsername).executeTakeFirst())?.id;
}

/** The staff account (staff or superuser, not disabled) with this username: the name fields `added_by` keeps. */
export async function staffPersonByUsername(db: Db, username: string): Promise<{ first_name: string; last_name: string; username: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('username', '=', username)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]))
    .executeTakeFirst();
}

/** Active staff and superusers, by last name, first name and username. */
export async function activeStaffPeople(db: Db): Promise<{ first_name: string; last_name: string; username: string }[]> {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]))
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('username')
    .execute();
}

/** Every account, ordered by username. */
export async function usersByUsername(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('username').execute();
}

/** Writes a new user and answers its row. */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes the user with this username; answers the updated row, or undefined when there is none. */
export async function updateUserByUsername(db: Db, username: string, set: UserUpdate): Promise<UserRow | undefined> {
  return db.updateTable('users').set(set).where('username', '=', username).returningAll().executeTakeFirst();
}

/** Replaces a user's password hash, only if it is still `stored` (nobody changed the password meanwhile). */
export async function replacePasswordHash(db: Db, userId: number, stored: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).where('password_hash', '=', stored).execute();
}

/** Records a sign-in now, with the language the user chose when given. */
export async function recordLogin(db: Db, userId: number, remembered: { language?: string }): Promise<void> {
  await db.updateTable('users').set({ last_login: new Date(), ...remembered }).where('id', '=', userId).execute();
}

/** Stores the interface language the user last used. */
export async function setUserLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** The user's names and cluster username, the row locked for the caller's transaction. */
export async function userNamesForUpdate(db: Db, userId: number): Promise<{ first_name: string; last_name: string; person_username: string }> {
  return db.selectFrom('users').select(['first_name', 'last_name', 'person_username']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** The cluster usernames that begin with `stem` (its LIKE wildcards dropped). */
export async function clusterUsernamesStartingWith(db: Db, stem: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('person_username')
    .where('person_username', 'like', sql<string>`${stem.replace(/[%_]/g, '')} || '%'`)
    .execute();
  return rows.map((t) => t.person_username);
}

/** Sets the user's cluster username. */
export async function setClusterUsername(db: Db, userId: number, name: string): Promise<void> {
  await db.updateTable('users').set({ person_username: name }).where('id', '=', userId).execute();
}

/**
 * Sets `status = false` on every user who is neither staff nor superuser and has no membership on
 * a project in one of the `active` states (with none given, on every such user).
 *
 * @returns how many users it changed
 */
export async function markUsersWithoutActiveProjectInactive(db: Db, active: readonly string[]): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ status: false })
    .where('status', '=', true)
    .where('is_staff', '=', false)
    .where('is_superuser', '=', false)
    .$if(active.length > 0, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memberships as mb')
              .innerJoin('projects as p', 'p.id', 'mb.project_id')
              .innerJoin('states as s', 's.id', 'p.state_id')
              .select(sql<number>`1`.as('one'))
              .whereRef('mb.user_id', '=', 'users.id')
              .where('s.name', 'in', active),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
