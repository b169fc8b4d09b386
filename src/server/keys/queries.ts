/**
 * The only module that names the tables of keys/ (ssh_keys): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { CHANGE, changeRefSql } from '@/server/lists/change-refs';
import type { ListRow } from '@/server/lists/row-store';
import type { Db } from '@/server/db/handle';
import { sql, type Insertable } from 'kysely';
import type { SshKeysTable } from '@/server/db/tables';

/**
 * Whether the user `u` has an SSH key: one probe of the keys' index per user the other conditions
 * leave. As EXISTS the planner joined it, hashing all 133,333 keys at 100,000 users even for the
 * 3,264 users an e-mail filter leaves (PostgreSQL 15: 125 ms, probed 25 ms). A key filter alone
 * probes every user of the list (active users: 130 ms against the join's 95).
 */
export const USER_HAS_KEY = sql<boolean>`(SELECT true FROM ssh_keys k WHERE k.user_id = u.id LIMIT 1) IS NOT NULL`;

/** The clusters' rows of SSH keys (GET /api/v1/sshkeys), by key id: every key, or those of `userIds`, with its owner's cluster username. */
export async function keyListRows(db: Db, userIds: readonly number[] | null): Promise<ListRow[]> {
  const { rows } = await sql<ListRow>`
        SELECT k.id::text AS key, ARRAY[k.id]::float8[] AS sort, ARRAY[${changeRefSql(CHANGE.keys, sql`k.user_id`)}, ${changeRefSql(CHANGE.user, sql`k.user_id`)}] AS deps,
          json_build_object('name', k.name, 'fingerprint', k.fingerprint, 'public_key', k.public_key,
          'date_created', k.date_created, 'user', json_build_object('id', u.id, 'person_username', u.person_username))::text AS json
        FROM ssh_keys k JOIN users u ON u.id = k.user_id
        WHERE ${userIds ? sql`k.user_id = ANY(${userIds}::int8[])` : sql`true`}
        ORDER BY k.id`.execute(db);
  return rows;
}

/** Every key's id, owner, name and fingerprint (the pairs that must stay unique per owner). */
export async function keyNamesAndPrints(db: Db): Promise<{ id: number; user_id: number; name: string; fingerprint: string }[]> {
  return db.selectFrom('ssh_keys').select(['id', 'user_id', 'name', 'fingerprint']).execute();
}

/** Stores an SSH key as given (already parsed and fingerprinted). */
export async function addSshKey(db: Db, key: Insertable<SshKeysTable>): Promise<void> {
  await db.insertInto('ssh_keys').values(key).execute();
}

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

