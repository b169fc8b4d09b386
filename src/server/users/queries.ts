/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db, Trx } from '@/server/db/handle';
import { sql, type Insertable } from 'kysely';
import type { UserRow, UserUpdate, UsersTable } from '@/server/db/tables';
import { RECIPIENT_COLUMNS, type NoticeRecipient } from '@/server/mail/queries';

export type { UserRow, UserUpdate } from '@/server/db/tables';

/** Every user's id with the names and identity numbers that must stay unique, and the password hash (the import's checks). */
export async function userIdentities(db: Db): Promise<{ id: number; username: string; person_oib: string | null; person_username: string | null; password_hash: string | null }[]> {
  return db.selectFrom('users').select(['id', 'username', 'person_oib', 'person_username', 'password_hash']).execute();
}

/** The user with this national id (OIB); the oldest when several share it. */
export async function firstUserWithOib(db: Db, oib: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('person_oib', '=', oib).orderBy('id').executeTakeFirst();
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

/** Stores what the registry says of a user (name, email, MBZ). */
export async function setRegistryPerson(
  db: Db,
  userId: number,
  person: Pick<UserUpdate, 'croris_first_name' | 'croris_last_name' | 'croris_mail' | 'croris_mbz'>,
): Promise<void> {
  await db.updateTable('users').set(person).where('id', '=', userId).execute();
}

/** The first (lowest id) active superuser's id, if there is one. */
export async function firstActiveSuperuserId(db: Db): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('is_superuser', '=', true).where('is_active', '=', true).orderBy('id').executeTakeFirst())?.id;
}

/** Whether the user is a member of the group `group` (user_groups). */
export async function inUserGroup(db: Db, userId: number, group: string): Promise<boolean> {
  const member = await db.selectFrom('user_groups').select('user_id').where('user_id', '=', userId).where('name', '=', group).executeTakeFirst();
  return member !== undefined;
}

const GROUP_PERSON_COLUMNS = ['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.person_mail', 'users.is_staff', 'users.is_superuser'] as const;

/** A person as a list of who may do something shows them. */
export type GroupPerson = Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'person_mail' | 'is_staff' | 'is_superuser'>;

/** The active superusers, by last name, first name, username. */
export async function activeSuperusersByName(db: Db): Promise<GroupPerson[]> {
  return db
    .selectFrom('users')
    .select(GROUP_PERSON_COLUMNS)
    .where('is_superuser', '=', true)
    .where('is_active', '=', true)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('username')
    .execute();
}

/** The members of the group `group`, by last name, first name, username. */
export async function userGroupMembersByName(db: Db, group: string): Promise<GroupPerson[]> {
  return db
    .selectFrom('user_groups')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select(GROUP_PERSON_COLUMNS)
    .where('user_groups.name', '=', group)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.username')
    .execute();
}

/** Adds the user to the group `group`; a member already in it stays as is. */
export async function addToUserGroup(db: Db, userId: number, group: string): Promise<void> {
  await db.insertInto('user_groups').values({ user_id: userId, name: group }).onConflict((oc) => oc.columns(['user_id', 'name']).doNothing()).execute();
}

/** Removes the user from the group `group`; how many memberships it removed (0 or 1). */
export async function removeFromUserGroup(db: Db, userId: number, group: string): Promise<number> {
  const removed = await db.deleteFrom('user_groups').where('user_id', '=', userId).where('name', '=', group).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * Sets back each user's `active_member` flag (migration 0023) that disagrees with `active_members`;
 * how many were set back. The flag follows that table by trigger; this repairs what a trigger missed.
 */
export async function resetActiveMemberFlags(db: Db): Promise<number> {
  const flags = await sql`
    UPDATE users u SET active_member = NOT u.active_member
     WHERE u.active_member <> EXISTS (SELECT 1 FROM active_members am WHERE am.user_id = u.id)`.execute(db);
  return Number(flags.numAffectedRows ?? 0);
}

/** The users with these ids, by id. */
export async function usersByIds(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').selectAll().where('id', 'in', [...ids]).orderBy('id').execute();
}

/** The users with these usernames (in no particular order). */
export async function usersByUsernames(db: Db, usernames: readonly string[]): Promise<UserRow[]> {
  if (usernames.length === 0) return [];
  return db.selectFrom('users').selectAll().where('username', 'in', [...usernames]).execute();
}

/** Turns a user's cluster `status` on (they are on a project now). */
export async function setStatusOn(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ status: true }).where('id', '=', userId).execute();
}

/** Whether there is any user at all. */
export async function hasUsers(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

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
export async function allUsersByUsername(db: Db): Promise<UserRow[]> {
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

