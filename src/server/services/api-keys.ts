import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * API keys of the external callers (the clusters' usage exporters, the provisioning scripts).
 * A key is `<prefix>.<secret>`: the prefix names the row, only a SHA-256 of the 32-byte random
 * secret is stored, and the whole key is shown once, when it is created
 * (docs/decisions/0091-api-keys.md).
 */

/** What a key may be allowed to do; a route names the one scope it needs. */
export const API_SCOPES = ['accounting:write', 'read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const KEY_PATTERN = /^([A-Za-z0-9]{8})\.([A-Za-z0-9_-]{43})$/;

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** Creates a key; the returned `key` is the only time the secret is seen. */
export async function createApiKey(
  db: Kysely<Database>,
  name: string,
  scopes: readonly ApiScope[] = API_SCOPES,
): Promise<{ key: string; info: ApiKeyInfo }> {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('a key needs a name');
  if (scopes.length === 0) throw new Error('a key needs at least one scope');
  const prefix = randomBytes(16).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).padEnd(8, 'x');
  const secret = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('api_keys')
    .values({ name: trimmed, prefix, secret_hash: digest(secret), scopes: JSON.stringify([...new Set(scopes)]) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key: `${prefix}.${secret}`, info: toInfo(row) };
}

function toInfo(row: { id: number; name: string; prefix: string; scopes: unknown; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: (row.scopes as string[]).filter(isApiScope),
    created_at: new Date(row.created_at),
    last_used_at: row.last_used_at ? new Date(row.last_used_at) : null,
    revoked_at: row.revoked_at ? new Date(row.revoked_at) : null,
  };
}

export async function listApiKeys(db: Kysely<Database>): Promise<ApiKeyInfo[]> {
  const rows = await db.selectFrom('api_keys').selectAll().orderBy('id').execute();
  return rows.map(toInfo);
}

/** Revokes the key with this prefix; false when there is no such live key. */
export async function revokeApiKey(db: Kysely<Database>, prefix: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The live key an `Authorization: Api-Key <prefix.secret>` header names, or null when the header
 * is missing, malformed, unknown, revoked or its secret does not match.
 */
export async function verifyApiKey(db: Kysely<Database>, header: string | undefined): Promise<ApiKeyInfo | null> {
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(header ?? '');
  const parts = match ? KEY_PATTERN.exec(match[1]) : null;
  if (!parts) return null;
  const row = await db.selectFrom('api_keys').selectAll().where('prefix', '=', parts[1]).executeTakeFirst();
  if (!row || row.revoked_at) return null;
  const expected = Buffer.from(row.secret_hash, 'hex');
  const sent = Buffer.from(digest(parts[2]), 'hex');
  if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return null;
  // Last use is bookkeeping for `api-key list`; one write per minute per key at most.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000)
    await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  return toInfo(row);
}
