import type { SchemaSet } from '../../schema-runtime';
import { SCHEMA_IDS } from '../../schema-runtime';

/** Names of the states whose projects are running (`isActive` in rules/states.json). */
export function activeStateNames(schemas: SchemaSet): string[] {
  return schemas
    .vocabulary<{ isActive?: boolean }>(SCHEMA_IDS.states)
    .filter((s) => s.isActive === true)
    .map((s) => s.value);
}
