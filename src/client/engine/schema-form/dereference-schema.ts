import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';

type Json = Record<string, unknown>;

/** Keywords that document a schema; RJSF would print them, so the rendered form drops them. */
const DOC_KEYWORDS = new Set(['$schema', '$id', 'title', 'description', 'definitions', 'uiSchema']);
/** Keywords whose value maps names to sub-schemas: their keys are names, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);

function unescape(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at a JSON pointer such as `/definitions/percent` (an empty pointer is the document). */
export function readPointer(doc: unknown, pointer: string): unknown {
  let current = doc;
  for (const segment of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Json)[unescape(segment)];
  }
  return current;
}

function walk(node: unknown, base: string, catalog: Pick<SchemaCatalog, 'schema'>, trail: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => walk(item, base, catalog, trail));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Json;
  let resolved: Json = {};
  if (typeof $ref === 'string') {
    const url = new URL($ref, base);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    const docId = url.toString();
    const key = `${docId}#${fragment}`;
    if (trail.includes(key)) throw new Error(`circular $ref ${key}`);
    const target = readPointer(catalog.schema(docId), fragment);
    if (target === undefined) throw new Error(`unresolved $ref ${$ref} in ${base}`);
    resolved = walk(target, docId, catalog, [...trail, key]) as Json;
  }
  const out: Json = { ...resolved };
  for (const [keyword, value] of Object.entries(rest)) {
    if (DOC_KEYWORDS.has(keyword)) continue;
    out[keyword] = SCHEMA_MAPS.has(keyword) && value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, walk(sub, base, catalog, trail)]))
      : walk(value, base, catalog, trail);
  }
  return out;
}

/**
 * The schema with every `$ref` (to other files or inside one) replaced by what it points at, and
 * the documentation keywords (`title`, `description`, `$id`s of inlined files, `uiSchema`) left
 * out. RJSF renders and validates this one self-contained document, so an error's `schemaPath`
 * points into it and the schema holding the failing keyword (with its `errorMessageKeys`) can be
 * found again. The result keeps the form's own `$id`.
 *
 * @throws on a circular or unresolved `$ref`.
 */
export function dereferenceSchema(catalog: Pick<SchemaCatalog, 'schema'>, id: string): Json {
  const doc = catalog.schema(id);
  const out = walk(doc, doc.$id, catalog, []) as Json;
  return { $id: doc.$id, ...out };
}
