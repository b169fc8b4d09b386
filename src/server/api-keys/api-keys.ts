import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/server/db/handle';
import { verifyPassword } from '../users/passwords';
import { allApiKeys, apiKeyByPrefix, insertApiKey, markApiKeyUsed, revokeApiKeyByPrefix } from './queries';

/**
 * API keys of the external callers (the clusters' usage exporters, the provisioning scripts).
 * A key is `<prefix>.<secret>`: the prefix names the row, only a SHA-256 of the 32-byte random
 * secret is stored, and the whole key is shown once, when it is created
 * (docs/decisions/0091-api-keys.md). Keys brought from the current portal by the import keep that
 * portal's hash of the whole key — djangorestframework-api-key's `sha512$$<hex>`, or Django's
 * `pbkdf2_sha256$…` for keys made before its 3.x — and its expiry date (decision 0590).
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
  expires_at: Date | null;
  origin: 'here' | 'current-portal';
  imported_at: Date | null;
}

/** Ours: a 43-character secret; the current portal's: 32 letters and digits (Django's get_random_string). */
const KEY_PATTERN = /^([A-Za-z0-9]{8})\.([A-Za-z0-9_-]{32}|[A-Za-z0-9_-]{43})$/;
/** The current portal's hash forms of a whole key (the import checks a source row against these). */
export const IMPORTED_HASH = { sha512: /^sha512\$\$[0-9a-f]{128}$/, pbkdf2: /^pbkdf2_sha256\$\d+\$[^$]*\$[A-Za-z0-9+/=]+$/ } as const;

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * Keys whose slow (pbkdf2) hash was checked already: stored hash and a digest of the key sent →
 * matched. A cluster calls every minute; the pbkdf2 check costs ~100 ms of CPU each time. The
 * stored hash is part of the entry, so a key whose hash changes is checked again.
 */
const checkedSlowly = new Map<string, true>();
const CHECKED_MAX = 256;

/** Whether `key` (the whole `<prefix>.<secret>`) matches the stored hash of a key row. */
async function keyMatches(stored: string, key: string, secret: string): Promise<boolean> {
  if (IMPORTED_HASH.sha512.test(stored)) return sameHex(stored.slice('sha512$$'.length), createHash('sha512').update(key).digest('hex'));
  if (IMPORTED_HASH.pbkdf2.test(stored)) {
    const memo = `${stored}\n${digest(key)}`;
    if (checkedSlowly.has(memo)) return true;
    if (!(await verifyPassword(key, stored))) return false;
    if (checkedSlowly.size >= CHECKED_MAX) checkedSlowly.delete(checkedSlowly.keys().next().value!);
    checkedSlowly.set(memo, true);
    return true;
  }
  return sameHex(stored, digest(secret));
}

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** Creates a key; the returned `key` is the only time the secret is seen. */
export async function createApiKey(
  db: Db,
  name: string,
  scopes: readonly ApiScope[] = API_SCOPES,
): Promise<{ key: string; info: ApiKeyInfo }> {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('a key needs a name');
  if (scopes.length === 0) throw new Error('a key needs at least one scope');
  const prefix = randomBytes(16).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).padEnd(8, 'x');
  const secret = randomBytes(32).toString('base64url');
  const row = await insertApiKey(db, { name: trimmed, prefix, secretHash: digest(secret), scopes: JSON.stringify([...new Set(scopes)]) });
  return { key: `${prefix}.${secret}`, info: toInfo(row) };
}

type KeyRow = Omit<ApiKeyInfo, 'scopes'> & { scopes: unknown };

const dateOrNull = (value: Date | string | null) => (value ? new Date(value) : null);

function toInfo(row: KeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: (row.scopes as string[]).filter(isApiScope),
    created_at: new Date(row.created_at),
    last_used_at: dateOrNull(row.last_used_at),
    revoked_at: dateOrNull(row.revoked_at),
    expires_at: dateOrNull(row.expires_at),
    origin: row.origin,
    imported_at: dateOrNull(row.imported_at),
  };
}

export async function listApiKeys(db: Db): Promise<ApiKeyInfo[]> {
  const rows = await allApiKeys(db);
  return rows.map(toInfo);
}

/** Revokes the key with this prefix; false when there is no such live key. */
export async function revokeApiKey(db: Db, prefix: string): Promise<boolean> {
  return (await revokeApiKeyByPrefix(db, prefix)) > 0;
}

/**
 * The live key an `Authorization: Api-Key <prefix.secret>` header names, or null when the header
 * is missing, malformed, unknown, revoked, expired or its secret does not match.
 */
export async function verifyApiKey(db: Db, header: string | undefined, now = new Date()): Promise<ApiKeyInfo | null> {
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(header ?? '');
  const parts = match ? KEY_PATTERN.exec(match[1]) : null;
  if (!parts) return null;
  const row = await apiKeyByPrefix(db, parts[1]);
  if (!row || row.revoked_at) return null;
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return null;
  if (!(await keyMatches(row.secret_hash, match![1], parts[2]))) return null;
  // Last use is bookkeeping for `api-key list`; one write per minute per key at most.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000)
    await markApiKeyUsed(db, row.id);
  return toInfo(row);
}
