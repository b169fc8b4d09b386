/**
 * The schema documents the server runs on, loaded once from `GET /api/v1/internal/schemas/` before
 * the app's modules are evaluated (see `index.tsx`). The bundle carries no schemas: a schema edit
 * needs only a server restart, and `SCHEMAS_DIR` holds for the browser too.
 */
let loaded: readonly Record<string, unknown>[] | undefined;

/** The URL of the schema set; answered with an ETag, so a reload revalidates instead of downloading. */
export const SCHEMA_SET_URL = '/api/v1/internal/schemas/';

/** Fetches the schema set. @throws when the server does not answer with it. */
export async function loadSchemaDocs(): Promise<void> {
  const response = await fetch(SCHEMA_SET_URL, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`the schema set could not be loaded (${response.status})`);
  const body = (await response.json()) as { docs: Record<string, unknown>[] };
  loaded = body.docs;
}

/** Sets the schema documents directly (component tests render from small schema sets). */
export function provideSchemaDocs(docs: readonly Record<string, unknown>[]): void {
  loaded = docs;
}

/** The loaded schema documents. @throws when read before `loadSchemaDocs()` finished. */
export function schemaDocs(): readonly Record<string, unknown>[] {
  if (!loaded) throw new Error('the schema set is read before it was loaded');
  return loaded;
}
