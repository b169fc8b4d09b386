/**
 * The only module that names the tables of api-keys/ (api_keys): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { ApiKeysTable } from '@/server/db/tables';
import type { Db } from '@/server/db/handle';
import type { Insertable, Selectable, Updateable } from 'kysely';

/** An API key as stored. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Every API key, with all its columns. */
export async function allApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().execute();
}

/** The name, hash, expiry, revocation and import time of a key imported before, written over. */
export async function updateImportedApiKey(
  db: Db,
  id: number,
  values: Pick<Updateable<ApiKeysTable>, 'name' | 'secret_hash' | 'expires_at' | 'revoked_at' | 'imported_at'>,
): Promise<void> {
  await db.updateTable('api_keys').set(values).where('id', '=', id).execute();
}

/** Stores a key brought from the current portal under its own prefix, with every scope. */
export async function insertImportedApiKey(
  db: Db,
  values: Pick<Insertable<ApiKeysTable>, 'name' | 'secret_hash' | 'expires_at' | 'revoked_at' | 'imported_at' | 'prefix' | 'scopes' | 'created_at'>,
): Promise<void> {
  await db.insertInto('api_keys').values({ ...values, origin: 'current-portal' }).execute();
}
