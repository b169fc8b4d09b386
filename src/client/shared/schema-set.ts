import { SCHEMA_IDS } from '../../schema-runtime/schema-ids';
import { createSchemaCatalog, type SchemaCatalog } from '../../schema-runtime/schema-catalog';

export type { SchemaCatalog } from '../../schema-runtime/schema-catalog';

/**
 * The schemas as the app shell needs them: service names, constants and vocabularies.
 *
 * The shell deliberately uses the ajv-free catalog, not `createSchemaSet`: a validator would go
 * into the JS of every page (login included) although only forms validate. Forms load the full
 * schema set in their own chunk.
 *
 * The rule schemas and the request-type index, bundled by webpack, are what the shell reads. Entity,
 * table and request-form schemas stay out of the login page's JS; the chunks that need them load
 * them. Keys are listed twice by webpack 5 (as `./x.json` and as a context-relative path), so only
 * the `./` form is taken.
 */
function shellSchemaDocs(): Record<string, unknown>[] {
  const context = require.context('../../../schemas', true, /^\.\/(rules\/[^/]+|requests\/index)\.json$/);
  return context
    .keys()
    .filter((key) => key.startsWith('./'))
    .map((key) => context(key) as Record<string, unknown>);
}

/** The portal's schemas: service names, constants and vocabularies the client reads instead of literals. */
export const schemas: SchemaCatalog = createSchemaCatalog(shellSchemaDocs());

/** Request type as annotated in schemas/requests/index.json. */
export interface RequestTypeAnnotations {
  projectType: string;
  staffOnly: boolean;
  identifierPrefix: string;
  label: { hr: string; en: string };
}

/** Request types in chooser order, `{product}` already replaced. */
export const requestTypes = schemas.vocabulary<RequestTypeAnnotations>(SCHEMA_IDS.requestTypes);
