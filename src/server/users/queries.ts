/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Insertable } from 'kysely';
import type { UsersTable } from '@/server/db/tables';
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { UserRow } from '@/server/db/tables';
export type { UserRow, UserUpdate } from '@/server/db/tables';

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

/** Inserts a user; its id. */
export async function addUser(db: Db, user: Insertable<UsersTable>): Promise<number> {
  return (await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()).id;
}
