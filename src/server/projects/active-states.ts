import { activeStates, SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';

/** Names of the states whose projects are running (`isActive` in rules/states.json). */
export function activeStateNames(schemas: SchemaSet): string[] {
  return activeStates(schemas.vocabulary<{ isActive?: boolean }>(SCHEMA_IDS.states));
}
