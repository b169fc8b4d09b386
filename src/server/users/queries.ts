/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';
export type { UserRow, UserUpdate } from '@/server/db/tables';

/** Every user's id with the names and identity numbers that must stay unique, and the password hash (the import's checks). */
export async function userIdentities(db: Db): Promise<{ id: number; username: string; person_oib: string | null; person_username: string | null; password_hash: string | null }[]> {
  return db.selectFrom('users').select(['id', 'username', 'person_oib', 'person_username', 'password_hash']).execute();
}
