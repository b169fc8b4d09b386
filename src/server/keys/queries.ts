/**
 * The only module that names the tables of keys/ (ssh_keys): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** A stored key's fields the API shows. */
export interface StoredKey {
  name: string;
  fingerprint: string;
  public_key: string;
  date_created: Date | string;
}

/** The keys of one user, oldest first. */
export async function storedKeysOf(db: Db, userId: number): Promise<StoredKey[]> {
  return db
    .selectFrom('ssh_keys')
    .select(['name', 'fingerprint', 'public_key', 'date_created'])
    .where('user_id', '=', userId)
    .orderBy('date_created')
    .orderBy('id')
    .execute();
}

/** A key of the user with this name or this fingerprint, if any (its name and fingerprint). */
export async function keyNamedOrPrinted(db: Db, userId: number, name: string, fingerprint: string): Promise<{ name: string; fingerprint: string } | undefined> {
  return db
    .selectFrom('ssh_keys')
    .select(['name', 'fingerprint'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('name', '=', name), eb('fingerprint', '=', fingerprint)]))
    .executeTakeFirst();
}

/** Stores a new key of the user and answers it. */
export async function insertKey(db: Db, key: { userId: number; name: string; fingerprint: string; publicKey: string }): Promise<StoredKey> {
  return db
    .insertInto('ssh_keys')
    .values({ user_id: key.userId, name: key.name, fingerprint: key.fingerprint, public_key: key.publicKey })
    .returning(['name', 'fingerprint', 'public_key', 'date_created'])
    .executeTakeFirstOrThrow();
}

/** Deletes the user's key called `name`; answers how many rows went (0 or 1). */
export async function deleteKeyNamed(db: Db, userId: number, name: string): Promise<number> {
  const result = await db.deleteFrom('ssh_keys').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's keys, for the user's data export: in the order they were added. */
export async function keysForExport(db: Db, userId: number) {
  return db.selectFrom('ssh_keys').select(['name', 'fingerprint', 'public_key', 'date_created']).where('user_id', '=', userId).orderBy('id').execute();
}
