/**
 * The only module that names the tables of api-keys/ (api_keys): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { ApiKeysTable } from '@/server/db/tables';
import type { Db } from '@/server/db/handle';
import type { Insertable, Selectable, Updateable } from 'kysely';

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

/** A stored API key row. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Stores a new key (its secret's hash and scopes as JSON) and answers the row. */
export async function insertApiKey(db: Db, key: { name: string; prefix: string; secretHash: string; scopes: string }): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ name: key.name, prefix: key.prefix, secret_hash: key.secretHash, scopes: key.scopes })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every key, by id. */
export async function allApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('id').execute();
}

/** Marks the live key with this prefix revoked now; answers how many rows changed (0 or 1). */
export async function revokeApiKeyByPrefix(db: Db, prefix: string): Promise<number> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The key with this prefix, live or not. */
export async function apiKeyByPrefix(db: Db, prefix: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
}

/** Marks the key used now. */
export async function markApiKeyUsed(db: Db, id: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}

