/**
 * Enums the schemas state once and the runtime derives at load time.
 *
 * A science domain branch lists its fields once, as the `fields` annotation of its name's `const`
 * (values with hr and en labels, what the form shows). The enum that restricts the branch's
 * `scientificfields` to those values is derived from that list here, so a field added to the list
 * is offered by the form and accepted by the server and the QA tool alike.
 */
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** A copy of `doc` with every `scientificfields` enum derived from its branch's `fields` list. */
export function deriveEnums<T>(doc: T): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isRecord(value)) return value;
    const copy: Json = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    const fields = at(copy, 'properties', 'name', 'properties', 'value', 'fields');
    if (Array.isArray(fields) && isRecord(copy.properties)) {
      const values = fields.map((f) => (isRecord(f) ? f.value : undefined)).filter((v): v is string => typeof v === 'string');
      const properties = copy.properties as Json;
      properties.scientificfields = {
        ...(isRecord(properties.scientificfields) ? properties.scientificfields : {}),
        items: { properties: { name: { properties: { value: { enum: values } } } } },
      };
    }
    return copy;
  };
  return walk(doc) as T;
}
