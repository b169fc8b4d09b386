/**
 * Schema set check: the shapes the running code was generated from are unchanged (`set-checks.ts`).
 */
import { type SchemaDoc } from './schema-catalog';
import { shortNameOf } from './schema-ids';
import { isRecord, pointerOf, resolveUri, segmentsOf, type Json } from './schema-walk';
import { hasId, jsonTypeOf, quote, type SchemaProblem, type ShapeSignature, NEEDS_RELEASE } from './set-problems';


/** The shape type of a schema node: its `type`, the schema a `$ref` names, or the type of its values. */
function shapeType(node: Json, base: string): string {
  const norm = (types: string[]) => [...new Set(types.map((t) => (t === 'integer' ? 'number' : t)))].sort().join('|');
  if (typeof node.$ref === 'string') {
    const url = resolveUri(node.$ref, base);
    if (!url) return `ref ${node.$ref}`;
    const fragment = url.hash;
    url.hash = '';
    return `ref ${shortNameOf(url.href)}${fragment}`;
  }
  if (typeof node.type === 'string' || Array.isArray(node.type)) return norm([node.type].flat().map(String));
  if ('const' in node) return norm(jsonTypeOf(node.const).slice(0, 1));
  if (Array.isArray(node.enum)) return norm(node.enum.map((v) => jsonTypeOf(v)[0]));
  const branches = node.oneOf ?? node.anyOf ?? node.allOf;
  if (Array.isArray(branches) && branches.length > 0) return [...new Set(branches.map((b) => (isRecord(b) ? shapeType(b, base) : 'any')))].sort().join('|');
  if (isRecord(node.properties)) return 'object';
  if (node.items !== undefined) return 'array';
  return 'any';
}

/**
 * The shape the generated code knows: per schema, every property and definition reachable through
 * `properties`, `items`, `additionalProperties` and `definitions`, with its type. Vocabularies
 * (`oneOf`/`anyOf` lists of `const` entries) are data and annotations are not shape: neither is in it.
 */
export function shapeSignature(docs: readonly SchemaDoc[]): ShapeSignature {
  const signature: ShapeSignature = {};
  for (const doc of [...docs].filter(hasId).sort((a, b) => (a.$id < b.$id ? -1 : a.$id > b.$id ? 1 : 0))) {
    const entries: string[] = [];
    const visit = (node: Json, segments: string[]): void => {
      const entry = (child: unknown, path: string[]) => {
        if (!isRecord(child)) return;
        entries.push(`${pointerOf(path)}: ${shapeType(child, doc.$id)}`);
        visit(child, path);
      };
      for (const key of ['properties', 'definitions'] as const) {
        if (isRecord(node[key])) for (const [name, child] of Object.entries(node[key] as Json)) entry(child, [...segments, key, name]);
      }
      if (isRecord(node.items)) entry(node.items, [...segments, 'items']);
      else if (Array.isArray(node.items)) node.items.forEach((child, i) => entry(child, [...segments, 'items', String(i)]));
      if (isRecord(node.additionalProperties)) entry(node.additionalProperties, [...segments, 'additionalProperties']);
    };
    visit(doc, []);
    signature[shortNameOf(doc.$id)] = entries.sort();
  }
  return signature;
}

const parseEntry = (entry: string): [string, string] => {
  const at = entry.lastIndexOf(': ');
  return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 2)];
};

/** How a reason names the node at a pointer: `"reason"` for a property or definition, else the pointer. */
function nodeName(pointer: string): string {
  const segments = segmentsOf(pointer) ?? [];
  const last = segments.at(-1);
  const parent = segments.at(-2);
  if (last !== undefined && (parent === 'properties' || parent === 'definitions')) return quote(last);
  if (last === 'items') return `the items of ${pointer.replace(/\/items$/, '') || 'the document'}`;
  if (last === 'additionalProperties') return `the values of ${pointer.replace(/\/additionalProperties$/, '') || 'the document'}`;
  return pointer;
}

const parentOf = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf('/'));

/**
 * What the candidate set takes away from the running code: a schema, property or definition that
 * is gone, renamed or of another type. Added ones are fine: the running code does not read them.
 */
export function shapeChanges(running: ShapeSignature, candidate: ShapeSignature): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const id of Object.keys(running).sort()) {
    const file = `${id}.json`;
    const now = candidate[id];
    if (!now) {
      problems.push({ file, pointer: '', reason: `the file is gone, but ${NEEDS_RELEASE}` });
      continue;
    }
    const before = new Map(running[id].map(parseEntry));
    const after = new Map(now.map(parseEntry));
    const reported: string[] = [];
    for (const [pointer, type] of [...before].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (reported.some((r) => pointer.startsWith(`${r}/`))) continue;
      const current = after.get(pointer);
      if (current === type) continue;
      let what: string;
      if (current === undefined) {
        const renamed = [...after].filter(([p, t]) => t === type && !before.has(p) && parentOf(p) === parentOf(pointer));
        what = renamed.length === 1 ? `${nodeName(pointer)} was renamed to ${nodeName(renamed[0][0])}` : `${nodeName(pointer)} is gone`;
      } else {
        what = `${nodeName(pointer)} changed from ${type} to ${current}`;
      }
      problems.push({ file, pointer, reason: `${what}, but ${NEEDS_RELEASE}` });
      reported.push(pointer);
    }
  }
  return problems;
}
