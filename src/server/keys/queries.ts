/**
 * The only module that names the tables of keys/ (ssh_keys): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Insertable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { SshKeysTable } from '@/server/db/tables';

/** Stores an SSH key as given (already parsed and fingerprinted). */
export async function addSshKey(db: Db, key: Insertable<SshKeysTable>): Promise<void> {
  await db.insertInto('ssh_keys').values(key).execute();
}
