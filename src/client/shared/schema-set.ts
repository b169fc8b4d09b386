import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { createSchemaCatalog, type SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { perSchemaSet } from './per-schema-set';
import { schemaDocs } from './schema-docs';

export type { SchemaCatalog } from '@/schema-runtime/schema-catalog';

/**
 * The schemas as the app shell needs them: service names, constants and vocabularies.
 *
 * The shell deliberately uses the ajv-free catalog, not `createSchemaSet`: a validator would go
 * into the JS of every page (login included) although only forms validate. The documents come from
 * the server (`schema-docs.ts`) and are replaced when another set goes live there.
 */
const catalogs = new WeakMap<readonly Record<string, unknown>[], SchemaCatalog>();

/** The catalog of the set held now, built once per set. */
export function currentCatalog(): SchemaCatalog {
  const docs = schemaDocs();
  let catalog = catalogs.get(docs);
  if (!catalog) {
    catalog = createSchemaCatalog(docs);
    catalogs.set(docs, catalog);
  }
  return catalog;
}

/**
 * The portal's schemas: service names, constants and vocabularies the client reads instead of
 * literals. A stable object that reads the set held at the moment of the call, so code that reads
 * it while rendering follows a set that went live; a value derived from it once is kept per set
 * with `perSchemaSet`.
 */
export const schemas: SchemaCatalog = {
  get service() {
    return currentCatalog().service;
  },
  get constants() {
    return currentCatalog().constants;
  },
  get ids() {
    return currentCatalog().ids;
  },
  schema(nameOrId) {
    return currentCatalog().schema(nameOrId);
  },
  vocabulary<A>(nameOrId: string) {
    return currentCatalog().vocabulary<A>(nameOrId);
  },
};

/** Request type as annotated in schemas/requests/index.json. */
export interface RequestTypeAnnotations {
  projectType: string;
  staffOnly: boolean;
  identifierPrefix: string;
  label: { hr: string; en: string };
}

/** Request types in chooser order, `{product}` already replaced, of the set held now. */
export const requestTypes = perSchemaSet(() => schemas.vocabulary<RequestTypeAnnotations>(SCHEMA_IDS.requestTypes));
