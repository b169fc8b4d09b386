/**
 * The values a grid's rows carry, read from the schema of the answer the grid is filled from (a
 * layout's `layout.rows`, e.g. `api/projects-list.json`): the dotted paths a plain column can show.
 * The rules editor offers them for a new column and the set check refuses a plain column whose field
 * is none of them.
 */
import type { SchemaDoc } from './schema-catalog';
import { SCHEMA_BASE } from './schema-ids';
import { isRecord, resolveUri, valueAt, type Json } from './schema-walk';

/** How deep into nested objects paths are offered (`state.name` is two). */
const DEPTH = 2;

/** The schema node a `$ref` names among `docs`, with the base its own `$ref`s resolve against. */
function follow(ref: string, base: string, docs: readonly SchemaDoc[]): { node: Json; base: string } | undefined {
  const url = resolveUri(ref, base);
  if (!url) return undefined;
  const fragment = decodeURIComponent(url.hash.slice(1));
  url.hash = '';
  const doc = docs.find((d) => d.$id === url.href);
  const node = doc ? valueAt(doc, fragment) : undefined;
  return isRecord(node) ? { node, base: url.href } : undefined;
}

/** The properties of an object schema, through `$ref` and `allOf`, each with the base it resolves against. */
function propertiesOf(node: Json, base: string, docs: readonly SchemaDoc[], seen = new Set<Json>()): Array<[string, Json, string]> {
  if (seen.has(node)) return [];
  seen.add(node);
  const found: Array<[string, Json, string]> = [];
  if (typeof node.$ref === 'string') {
    const target = follow(node.$ref, base, docs);
    if (target) found.push(...propertiesOf(target.node, target.base, docs, seen));
  }
  if (Array.isArray(node.allOf)) for (const part of node.allOf) if (isRecord(part)) found.push(...propertiesOf(part, base, docs, seen));
  if (isRecord(node.properties))
    for (const [name, child] of Object.entries(node.properties)) if (isRecord(child)) found.push([name, child, base]);
  return found;
}


/**
 * The dotted paths of the values one row of the list `file` (a document of the set whose schema is a
 * list) carries: every property that is not a list, and the properties of an object property
 * (`state.name`), in the schema's order; `[]` when `file` is no document of `docs` or not a list.
 */
export function rowPaths(docs: readonly SchemaDoc[], file: string): string[] {
  const id = `${SCHEMA_BASE}${file}`;
  const doc = docs.find((d) => d.$id === id);
  if (!doc || !isRecord(doc.items)) return [];
  const paths: string[] = [];
  const visit = (node: Json, base: string, prefix: string, depth: number) => {
    for (const [name, child, childBase] of propertiesOf(node, base, docs)) {
      const path = `${prefix}${name}`;
      if (paths.includes(path)) continue;
      if (child.type === 'array' || (Array.isArray(child.type) && child.type.includes('array'))) continue;
      // An object's values are offered, not the object (a column shows one value).
      if (propertiesOf(child, childBase, docs).length > 0) {
        if (depth < DEPTH) visit(child, childBase, `${path}.`, depth + 1);
      } else if (child.type !== 'object') paths.push(path);
    }
  };
  visit(doc.items, id, '', 1);
  return paths;
}
