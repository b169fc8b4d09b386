/** One value of a vocabulary with the annotations written beside its `const`. */
export type VocabularyEntry<A = Record<string, unknown>> = { value: string } & A;

type SchemaLike = Record<string, unknown>;

/**
 * Reads a vocabulary schema — a `oneOf`/`anyOf` list of `{ const, ...annotations }` entries,
 * where an entry may also be a `$ref` to another vocabulary — into a list of entries in order.
 *
 * @param schema the vocabulary schema
 * @param resolve looks up a referenced schema by its `$ref` relative to `schema.$id`
 */
export function readVocabulary<A = Record<string, unknown>>(
  schema: SchemaLike,
  resolve: (ref: string, base: string) => SchemaLike | undefined,
): VocabularyEntry<A>[] {
  const branches = (schema.oneOf ?? schema.anyOf) as SchemaLike[] | undefined;
  if (!Array.isArray(branches)) throw new Error(`${String(schema.$id)} is not a vocabulary schema`);
  return branches.flatMap((branch) => {
    if (typeof branch.$ref === 'string') {
      const target = resolve(branch.$ref, String(schema.$id ?? ''));
      return target ? readVocabulary<A>(target, resolve) : [];
    }
    const { const: value, ...annotations } = branch;
    return [{ value: String(value), ...(annotations as A) }];
  });
}

/** Reads the `const` of every property of a constants-style schema into a plain object. */
export function readConsts<T>(schema: SchemaLike): T {
  const properties = (schema.properties ?? {}) as Record<string, SchemaLike>;
  return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v.const])) as T;
}
