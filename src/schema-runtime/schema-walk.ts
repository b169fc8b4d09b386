/**
 * Walking schema documents the way a validator reads them: only the places that hold schemas
 * (`properties`, `items`, `oneOf` …), never data (`const`, `enum`, `default`) or annotations
 * (`label`, `errorMessageKeys`, `uiSchema` …), each node with its JSON pointer into the file.
 * Shared by the set checks and the set diff; pure, no I/O.
 */
import { SCHEMA_BASE, shortNameOf } from './schema-ids';

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is one schema (draft-07). */
export const SCHEMA_KEYWORDS = ['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'] as const;
/** Keywords whose value is a map of schemas. */
export const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', 'dependencies'] as const;
/** Keywords whose value is a list of schemas. */
export const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf'] as const;

/** One segment of a JSON pointer, escaped (`~` → `~0`, `/` → `~1`). */
export const escapeSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A JSON pointer from its segments. */
export const pointerOf = (segments: readonly (string | number)[]): string => segments.map((s) => `/${escapeSegment(String(s))}`).join('');

/** The unescaped segments of a JSON pointer (`''` is the whole document), or undefined when it is not one. */
export function segmentsOf(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a JSON pointer, or undefined when there is none. */
export function valueAt(doc: unknown, pointer: string): unknown {
  const segments = segmentsOf(pointer);
  if (!segments) return undefined;
  let current: unknown = doc;
  for (const segment of segments) {
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(segment)) current = current[Number(segment)];
    else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** The file of a schema `$id`, relative to the schemas folder (`rules/resource-limits.json`). */
export function fileOf(id: string): string {
  return id.startsWith(SCHEMA_BASE) ? `${shortNameOf(id)}.json` : id;
}

/** Resolves a reference against a base URI; undefined when it is no URI at all. */
export function resolveUri(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

/** The child schemas of a schema node, each with its path segments below the node. */
export function childSchemas(node: Json): [string[], Json][] {
  const children: [string[], Json][] = [];
  for (const [key, value] of Object.entries(node)) {
    if ((SCHEMA_KEYWORDS as readonly string[]).includes(key) || (key === 'items' && !Array.isArray(value))) {
      if (isRecord(value)) children.push([[key], value]);
    } else if ((SCHEMA_MAP_KEYWORDS as readonly string[]).includes(key)) {
      if (isRecord(value)) for (const [name, child] of Object.entries(value)) if (isRecord(child)) children.push([[key, name], child]);
    } else if ((SCHEMA_LIST_KEYWORDS as readonly string[]).includes(key) || key === 'items') {
      if (Array.isArray(value)) value.forEach((child, i) => isRecord(child) && children.push([[key, String(i)], child]));
    }
  }
  return children;
}

/**
 * Visits every schema node of a document, depth first, with its JSON pointer and the base URI its
 * `$ref`s resolve against (the document's `$id`, or a nested `$id`).
 */
export function walkSchema(root: unknown, base: string, visit: (node: Json, pointer: string, base: string) => void): void {
  const walk = (node: Json, segments: string[], nodeBase: string): void => {
    let here = nodeBase;
    if (segments.length > 0 && typeof node.$id === 'string') here = resolveUri(node.$id, nodeBase)?.href ?? nodeBase;
    visit(node, pointerOf(segments), here);
    for (const [path, child] of childSchemas(node)) walk(child, [...segments, ...path], here);
  };
  if (isRecord(root)) walk(root, [], base);
}

/** Structural equality of JSON values (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}
