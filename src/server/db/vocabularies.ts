import { sql, type Kysely } from 'kysely';
import type { Database } from './tables';
import { activeStates, SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';
import { SHOWN_DATE } from './migrations/0024-shown-dates';
import { sqlDatePattern } from './sql-date-pattern';

const LOOKUPS = [
  ['states', SCHEMA_IDS.states],
  ['project_types', SCHEMA_IDS.projectTypes],
  ['roles', SCHEMA_IDS.roles],
] as const;

/**
 * Makes the lookup tables (states, project types, roles) hold every value of their vocabulary
 * schema (values are only added, never removed: existing rows may still point at them), and the
 * tables the database keeps from the schema set (the active states, how dates are shown) say what
 * it says.
 */
export async function syncVocabularies(db: Kysely<Database>, schemas: SchemaSet): Promise<void> {
  for (const [table, id] of LOOKUPS) {
    const names = schemas.vocabulary(id).map((e) => ({ name: e.value }));
    await db.insertInto(table).values(names).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
  await syncActiveStates(db, activeStates(schemas.vocabulary<{ isActive?: boolean }>(SCHEMA_IDS.states)));
  await syncShownDate(db, sqlDatePattern(schemas.constants.dateFormat));
}

/**
 * Makes `shown_formats` hold the dates' pattern of the schema set; when it changes, the database
 * writes every project's dates in it again (migration 0024). Unchanged, nothing is written.
 */
async function syncShownDate(db: Kysely<Database>, pattern: string): Promise<void> {
  await db
    .insertInto('shown_formats')
    .values({ name: SHOWN_DATE, pattern })
    .onConflict((oc) => oc.column('name').doUpdateSet({ pattern }).where('shown_formats.pattern', '<>', pattern))
    .execute();
}

/**
 * Makes `active_states` hold exactly the states named (`isActive` in rules/states.json); when that
 * changes, the database rebuilds `active_members` (migration 0022). One statement, so that no
 * reader sees the set half changed.
 */
async function syncActiveStates(db: Kysely<Database>, active: string[]): Promise<void> {
  const names = active.length > 0 ? sql.join(active) : sql`NULL`;
  await sql`
    WITH wanted AS (SELECT id AS state_id FROM states WHERE name IN (${names})),
         gone AS (DELETE FROM active_states WHERE state_id NOT IN (SELECT state_id FROM wanted) RETURNING state_id)
    INSERT INTO active_states (state_id) SELECT state_id FROM wanted ON CONFLICT DO NOTHING`.execute(db);
}

/** Reads a lookup table into a name → id map. */
export async function lookupIds(
  db: Kysely<Database>,
  table: 'states' | 'project_types' | 'roles',
): Promise<Map<string, number>> {
  const rows = await db.selectFrom(table).select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}
