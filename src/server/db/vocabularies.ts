import type { Kysely } from 'kysely';
import type { Database } from './tables';
import { SCHEMA_IDS, type SchemaSet } from '../../schema-runtime';

const LOOKUPS = [
  ['states', SCHEMA_IDS.states],
  ['project_types', SCHEMA_IDS.projectTypes],
  ['roles', SCHEMA_IDS.roles],
] as const;

/**
 * Makes the lookup tables (states, project types, roles) hold every value of their vocabulary
 * schema. Values are only added, never removed: existing rows may still point at them.
 */
export async function syncVocabularies(db: Kysely<Database>, schemas: SchemaSet): Promise<void> {
  for (const [table, id] of LOOKUPS) {
    const names = schemas.vocabulary(id).map((e) => ({ name: e.value }));
    await db.insertInto(table).values(names).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
}

/** Reads a lookup table into a name → id map. */
export async function lookupIds(
  db: Kysely<Database>,
  table: 'states' | 'project_types' | 'roles',
): Promise<Map<string, number>> {
  const rows = await db.selectFrom(table).select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}
