import { schemaSetVersion } from './schema-docs';

/**
 * Wraps a value derived from the schema set (a vocabulary as a map, a table layout, a validator)
 * so that it is built once per set: the first call after another set went live builds it again.
 * Call the returned function where the value is used (while rendering), not once at module load.
 */
export function perSchemaSet<T>(build: () => T): () => T {
  let builtFor: number | undefined;
  let value: T;
  return () => {
    const version = schemaSetVersion();
    if (builtFor !== version) {
      value = build();
      builtFor = version;
    }
    return value;
  };
}
