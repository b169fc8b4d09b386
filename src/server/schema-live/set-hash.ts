import { createHash } from 'node:crypto';
import type { SchemaCatalog, SchemaDoc } from '@/schema-runtime';

const hashes = new WeakMap<object, string>();

/** The documents of a set in one stable JSON text (sorted by `$id`): what the browser is sent. */
export function setDocs(set: SchemaCatalog): SchemaDoc[] {
  return [...set.ids].sort().map((id) => set.schema(id) as SchemaDoc);
}

/**
 * A short content hash of a schema set (its documents as loaded), computed once per set: names a set
 * in the history, in the notifications between processes, in cache keys and in the browser's ETag.
 */
export function schemaSetHash(set: SchemaCatalog): string {
  let hash = hashes.get(set);
  if (!hash) {
    hash = createHash('sha256').update(JSON.stringify(setDocs(set))).digest('base64url').slice(0, 22);
    hashes.set(set, hash);
  }
  return hash;
}
