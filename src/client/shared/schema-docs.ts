import { createSchemaCatalog } from '@/schema-runtime/schema-catalog';

/**
 * The schema documents the server runs on. Loaded once before the app's modules are evaluated (see
 * `index.tsx`), then replaced while the page stays open: the server puts an edited set live without
 * a restart, names the set in use in every answer (`X-Schema-Set`), and the page asks for the set
 * again (with its ETag, so an unchanged set costs a 304) when an answer names another one or the
 * window comes back into view. The bundle carries no schemas: `SCHEMAS_DIR` holds for the browser too.
 *
 * What reads the set subscribes (`useSchemaSetVersion`) and re-renders on a new one; nothing is
 * remounted, so an open form keeps what was typed and validates by the new rules.
 */

/** The URL of the schema set; answered with an ETag (the set's hash). */
export const SCHEMA_SET_URL = '/api/v1/internal/schemas/';

type Docs = readonly Record<string, unknown>[];

let loaded: Docs | undefined;
/** The hash of the loaded set (its ETag without quotes), when the server named it. */
let loadedHash: string | undefined;
/** Counts the sets this page has held; a memo of the set keys on it. */
let version = 0;
const listeners = new Set<() => void>();
let refreshing: Promise<boolean> | undefined;
/** The last set an answer named that made this page ask: asked for once, however many answers name it. */
let askedFor: string | undefined;

/** `"abc"` or `W/"abc"` (a proxy that compresses weakens it) → `abc`. */
function hashOfEtag(etag: string | null): string | undefined {
  const hash = etag?.replace(/^W\//, '').replace(/"/g, '').trim();
  return hash || undefined;
}

async function fetchSet(ifNoneMatch?: string): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (ifNoneMatch) headers['if-none-match'] = `"${ifNoneMatch}"`;
  return fetch(SCHEMA_SET_URL, { credentials: 'same-origin', headers });
}

/** Fetches the schema set. @throws when the server does not answer with it. */
export async function loadSchemaDocs(): Promise<void> {
  const response = await fetchSet();
  if (!response.ok) throw new Error(`the schema set could not be loaded (${response.status})`);
  const body = (await response.json()) as { docs: Record<string, unknown>[] };
  loaded = body.docs;
  loadedHash = hashOfEtag(response.headers.get('etag'));
}

/**
 * Puts a set of documents in place and tells every subscriber (component tests render from small
 * schema sets through this too). `hash` names the set as the server does.
 */
export function provideSchemaDocs(docs: Docs, hash?: string): void {
  loaded = docs;
  loadedHash = hash;
  version += 1;
  for (const listener of [...listeners]) listener();
}

/** The loaded schema documents. @throws when read before `loadSchemaDocs()` finished. */
export function schemaDocs(): Docs {
  if (!loaded) throw new Error('the schema set is read before it was loaded');
  return loaded;
}

/** The hash of the set this page holds, when known. */
export function schemaSetHash(): string | undefined {
  return loadedHash;
}

/** Which set this page holds: changes whenever another one is put in place. */
export function schemaSetVersion(): number {
  return version;
}

/** Calls `listener` after every change of set; returns the unsubscribe. */
export function subscribeSchemaSet(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks the server for the set in use, sending the hash of the one held: a 304 keeps it, a new set
 * replaces it when its documents make a catalog (the server checked it; a set that does not is
 * not taken). Concurrent calls share one request. Never throws: a failed ask keeps the set.
 *
 * @returns whether a new set was put in place
 */
export function refreshSchemaDocs(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetchSet(loadedHash);
      if (response.status === 304 || !response.ok) return false;
      const hash = hashOfEtag(response.headers.get('etag'));
      if (hash && hash === loadedHash) return false;
      const body = (await response.json()) as { docs?: Record<string, unknown>[] };
      if (!Array.isArray(body.docs)) return false;
      createSchemaCatalog(body.docs);
      provideSchemaDocs(body.docs, hash);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/**
 * Reads the set an answer of the server names (its `X-Schema-Set` header): another set than the
 * one held is asked for, once per named set.
 */
export function noteSchemaSet(named: string | null | undefined): void {
  if (!named || !loadedHash || named === loadedHash || named === askedFor) return;
  askedFor = named;
  void refreshSchemaDocs();
}

/**
 * Asks for the set again whenever the window regains focus or the page becomes visible (a tab left
 * open over a schema edit). Returns the function that stops it.
 */
export function watchSchemaSet(target: Window = window): () => void {
  const onFocus = () => void refreshSchemaDocs();
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') void refreshSchemaDocs();
  };
  target.addEventListener('focus', onFocus);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('focus', onFocus);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}
