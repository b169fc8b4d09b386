/** Node-only entry of the schema runtime: reads `schemas/` from disk. */
import { createSchemaSet, type SchemaSet } from './schema-set';
import { defaultSchemasDir, loadSchemaFiles } from './load-schema-files';

export { loadSchemaFiles, defaultSchemasDir } from './load-schema-files';

/** Loads the schema set from a folder (default: `SCHEMAS_DIR` or `./schemas`). */
export function loadSchemaSet(dir: string = defaultSchemasDir()): SchemaSet {
  return createSchemaSet(loadSchemaFiles(dir));
}
