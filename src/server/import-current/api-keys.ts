/**
 * The current portal's API keys (`rest_framework_api_key_apikey`) → `api_keys`, so that every
 * cluster keeps its token across the switch (decision 0590). A key keeps its prefix, name, hash
 * (either form that portal stores), creation date, expiry and revocation; it may make every call a
 * key of that portal could (every scope). A key revoked here stays revoked whatever the source
 * says. Keys are matched by their prefix, which that portal keeps unique; a prefix that a key made
 * here already has is refused as a conflict.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import { API_SCOPES, IMPORTED_HASH } from '../api-keys/api-keys';
import { allApiKeys, insertImportedApiKey, updateImportedApiKey } from '../api-keys/queries';
import { sourceApiKeys, sourceHasTable } from './queries';
import type { SourceApiKey, SourceDatabase } from './source-tables';
import { emptyCounts, type EntityCounts, type Refusal, type RowNote } from './report';

export const API_KEY_TABLE = 'rest_framework_api_key_apikey';

type Row = Selectable<SourceApiKey>;

/** The source's keys, or null when its database has no such table (a portal without the API-key app). */
export async function readSourceApiKeys(source: Kysely<SourceDatabase>): Promise<Row[] | null> {
  if (!(await sourceHasTable(source, API_KEY_TABLE))) return null;
  return sourceApiKeys(source);
}

const at = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** Imports the keys; answers their counts and adds refusals and warnings to the run's lists. */
export async function importApiKeys(
  target: DatabaseHandle,
  rows: Row[] | null,
  options: { dryRun: boolean; now: Date; refused: Refusal[]; warnings: RowNote[] },
): Promise<EntityCounts> {
  const counts = emptyCounts();
  if (rows === null) {
    options.warnings.push({ table: API_KEY_TABLE, id: 0, reason: 'the source has no API-key table: no keys to bring (clusters need keys made here: npm run api-key)' });
    return counts;
  }
  counts.source = rows.length;
  const here = new Map((await allApiKeys(target)).map((k) => [k.prefix, k]));
  const seen = new Set<string>();
  // A source row has no numeric id: the report names it by its position in prefix order.
  for (const [index, row] of rows.entries()) {
    const note = { table: API_KEY_TABLE, id: index + 1 };
    const refuse = (kind: Refusal['kind'], reason: string) => {
      counts.refused++;
      options.refused.push({ ...note, kind, reason: `key ${row.prefix} ("${row.name}"): ${reason}` });
    };
    if (!/^[A-Za-z0-9]{8}$/.test(row.prefix)) {
      refuse('invalid', 'its prefix is not 8 letters and digits');
      continue;
    }
    if (!IMPORTED_HASH.sha512.test(row.hashed_key) && !IMPORTED_HASH.pbkdf2.test(row.hashed_key)) {
      refuse('invalid', `its hash of kind "${row.hashed_key.split('$')[0]}" cannot be checked here`);
      continue;
    }
    seen.add(row.prefix);
    const existing = here.get(row.prefix);
    if (existing && existing.origin !== 'current-portal') {
      refuse('conflict', `a key made here (id ${existing.id}) has the same prefix`);
      continue;
    }
    const name = row.name.trim() || `imported key ${row.prefix}`;
    const revokedAt = existing?.revoked_at ?? (row.revoked ? options.now : null);
    if (
      existing &&
      existing.name === name &&
      existing.secret_hash === row.hashed_key &&
      at(existing.expires_at) === at(row.expiry_date) &&
      (existing.revoked_at !== null) === (revokedAt !== null)
    ) {
      counts.unchanged++;
      continue;
    }
    if (existing) counts.changed++;
    else counts.new++;
    if (options.dryRun) continue;
    const values = { name, secret_hash: row.hashed_key, expires_at: row.expiry_date, revoked_at: revokedAt, imported_at: options.now };
    if (existing) await updateImportedApiKey(target, existing.id, values);
    else await insertImportedApiKey(target, { ...values, prefix: row.prefix, scopes: JSON.stringify([...API_SCOPES]), created_at: row.created });
  }
  for (const key of here.values())
    if (key.origin === 'current-portal' && !seen.has(key.prefix)) {
      counts.removed++;
      options.warnings.push({
        table: API_KEY_TABLE,
        id: 0,
        reason: `key ${key.prefix} ("${key.name}") is no longer in the source; it is kept here${key.revoked_at ? ' (revoked)' : ': revoke it with npm run api-key -- revoke ' + key.prefix + ' if it should go'}`,
      });
    }
  return counts;
}
