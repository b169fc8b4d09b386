import { SCHEMA_IDS } from '../../schema-runtime/schema-ids';
import { createSchemaCatalog, type SchemaCatalog } from '../../schema-runtime/schema-catalog';
import { schemaDocs } from './schema-docs';

export type { SchemaCatalog } from '../../schema-runtime/schema-catalog';

/**
 * The schemas as the app shell needs them: service names, constants and vocabularies.
 *
 * The shell deliberately uses the ajv-free catalog, not `createSchemaSet`: a validator would go
 * into the JS of every page (login included) although only forms validate. The documents come from
 * the server (`schema-docs.ts`), loaded before this module is evaluated.
 */
/** The portal's schemas: service names, constants and vocabularies the client reads instead of literals. */
export const schemas: SchemaCatalog = createSchemaCatalog(schemaDocs());

/** Request type as annotated in schemas/requests/index.json. */
export interface RequestTypeAnnotations {
  projectType: string;
  staffOnly: boolean;
  identifierPrefix: string;
  label: { hr: string; en: string };
}

/** Request types in chooser order, `{product}` already replaced. */
export const requestTypes = schemas.vocabulary<RequestTypeAnnotations>(SCHEMA_IDS.requestTypes);
