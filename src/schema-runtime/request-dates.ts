import { schemaIdOf } from './schema-ids';
import type { SchemaCatalog } from './schema-catalog';

/** The latest date a request may carry (yyyy-MM-dd): `formatMaximum` of rules/request-dates.json. */
export function requestDateCeiling(catalog: Pick<SchemaCatalog, 'schema'>): string {
  return String(catalog.schema(schemaIdOf('rules/request-dates')).formatMaximum);
}
