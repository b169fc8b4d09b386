/**
 * Schema set checks: every `$ref` resolves, and no bounds contradict each other (`set-checks.ts`).
 */
import { type SchemaDoc } from './schema-catalog';
import { fileOf, resolveUri, valueAt, walkSchema, type Json } from './schema-walk';
import { hasId, named, quote, type SchemaProblem } from './set-problems';


/** Every schema node carrying an `$id` (documents and nested ones), by its resolved URI. */
function idIndex(docs: readonly SchemaDoc[]): Map<string, Json> {
  const index = new Map<string, Json>();
  for (const doc of docs) {
    if (!hasId(doc)) continue;
    const root = resolveUri(doc.$id, doc.$id);
    if (root) index.set(root.href.replace(/#$/, ''), doc);
    walkSchema(doc, doc.$id, (node, pointer, base) => {
      if (pointer !== '' && typeof node.$id === 'string') {
        const url = resolveUri(node.$id, base);
        if (url && !index.has(url.href.replace(/#$/, ''))) index.set(url.href.replace(/#$/, ''), node);
      }
    });
  }
  return index;
}

/**
 * Every `$ref` resolves: to a document of the set (relative to the document's `$id`) and, with a
 * JSON-pointer fragment, to a value that exists in it. The problem's pointer is the `$ref`'s own.
 */
export function checkRefs(docs: readonly SchemaDoc[]): SchemaProblem[] {
  const index = idIndex(docs);
  const problems: SchemaProblem[] = [];
  for (const doc of docs) {
    if (!hasId(doc)) continue;
    const file = fileOf(doc.$id);
    walkSchema(doc, doc.$id, (node, pointer, base) => {
      if (!('$ref' in node)) return;
      const ref = node.$ref;
      const at = `${pointer}/$ref`;
      if (typeof ref !== 'string') {
        problems.push({ file, pointer: at, reason: `$ref must be a text, not ${quote(ref)}` });
        return;
      }
      const url = resolveUri(ref, base);
      if (!url) {
        problems.push({ file, pointer: at, reason: `$ref ${quote(ref)} is not a valid reference` });
        return;
      }
      const fragment = url.hash.replace(/^#/, '');
      url.hash = '';
      const target = index.get(url.href);
      if (!target) {
        problems.push({ file, pointer: at, reason: `$ref ${quote(ref)} points to ${fileOf(url.href)}, which is not in the schema set` });
        return;
      }
      if (fragment === '') return;
      let decoded: string;
      try {
        decoded = decodeURIComponent(fragment);
      } catch {
        problems.push({ file, pointer: at, reason: `$ref ${quote(ref)} has a malformed fragment` });
        return;
      }
      if (!decoded.startsWith('/')) {
        // A plain-name fragment names a nested `$id` (`#name`).
        if (!index.has(`${url.href}#${fragment}`)) {
          problems.push({ file, pointer: at, reason: `$ref ${quote(ref)} names #${decoded}, which no schema in ${fileOf(url.href)} declares` });
        }
        return;
      }
      if (valueAt(target, decoded) === undefined) {
        problems.push({ file, pointer: at, reason: `$ref ${quote(ref)} points to ${decoded} in ${fileOf(url.href)}, which does not exist` });
      }
    });
  }
  return problems;
}


// ---------------------------------------------------------------------------------------------
// bounds

interface BoundPair {
  low: string;
  high: string;
  /** True when no value can lie between the two. */
  empty: (low: number, high: number) => boolean;
}

const BOUND_PAIRS: BoundPair[] = [
  { low: 'minimum', high: 'maximum', empty: (l, h) => l > h },
  { low: 'exclusiveMinimum', high: 'exclusiveMaximum', empty: (l, h) => l >= h },
  { low: 'minimum', high: 'exclusiveMaximum', empty: (l, h) => l >= h },
  { low: 'exclusiveMinimum', high: 'maximum', empty: (l, h) => l >= h },
  { low: 'minLength', high: 'maxLength', empty: (l, h) => l > h },
  { low: 'minItems', high: 'maxItems', empty: (l, h) => l > h },
  { low: 'minProperties', high: 'maxProperties', empty: (l, h) => l > h },
];

const num = (node: Json, key: string): number | undefined => (typeof node[key] === 'number' && Number.isFinite(node[key]) ? (node[key] as number) : undefined);

/** Why a `default` or `const` value lies outside the bounds beside it, or undefined. */
function outsideBounds(node: Json, value: unknown): string | undefined {
  if (typeof value === 'number') {
    const min = num(node, 'minimum');
    const max = num(node, 'maximum');
    const xmin = num(node, 'exclusiveMinimum');
    const xmax = num(node, 'exclusiveMaximum');
    if (min !== undefined && value < min) return `is below its minimum ${min}`;
    if (max !== undefined && value > max) return `is above its maximum ${max}`;
    if (xmin !== undefined && value <= xmin) return `is not above its exclusiveMinimum ${xmin}`;
    if (xmax !== undefined && value >= xmax) return `is not below its exclusiveMaximum ${xmax}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    const min = num(node, 'minLength');
    const max = num(node, 'maxLength');
    if (min !== undefined && length < min) return `is shorter than its minLength ${min}`;
    if (max !== undefined && length > max) return `is longer than its maxLength ${max}`;
    const ceiling = node.formatMaximum;
    const floor = node.formatMinimum;
    if (typeof ceiling === 'string' && typeof node.format === 'string' && value > ceiling) return `is after its formatMaximum ${ceiling}`;
    if (typeof floor === 'string' && typeof node.format === 'string' && value < floor) return `is before its formatMinimum ${floor}`;
  }
  if (Array.isArray(value)) {
    const min = num(node, 'minItems');
    const max = num(node, 'maxItems');
    if (min !== undefined && value.length < min) return `has fewer items than its minItems ${min}`;
    if (max !== undefined && value.length > max) return `has more items than its maxItems ${max}`;
  }
  if (Array.isArray(node.enum) && !node.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return 'is not one of its enum values';
  return undefined;
}

/**
 * Bounds that contradict each other at one schema node (a maximum below its minimum, a maxLength
 * below its minLength …), so no value can pass; and a `default` or `const` outside its own bounds.
 * The problem's pointer is the schema node's.
 */
export function checkBounds(docs: readonly SchemaDoc[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const doc of docs) {
    if (!hasId(doc)) continue;
    const file = fileOf(doc.$id);
    walkSchema(doc, doc.$id, (node, pointer) => {
      for (const pair of BOUND_PAIRS) {
        const low = num(node, pair.low);
        const high = num(node, pair.high);
        if (low === undefined || high === undefined || !pair.empty(low, high)) continue;
        problems.push({ file, pointer, reason: named(pointer, `${pair.high} ${high} is ${high === low ? 'equal to' : 'below'} ${pair.low} ${low}, so no value can pass`) });
      }
      const floor = node.formatMinimum;
      const ceiling = node.formatMaximum;
      if (typeof floor === 'string' && typeof ceiling === 'string' && floor > ceiling) {
        problems.push({ file, pointer, reason: named(pointer, `formatMaximum ${ceiling} is before formatMinimum ${floor}, so no value can pass`) });
      }
      for (const key of ['default', 'const'] as const) {
        if (!(key in node)) continue;
        const why = outsideBounds(node, node[key]);
        if (why) problems.push({ file, pointer: `${pointer}/${key}`, reason: named(pointer, `the ${key} ${quote(node[key])} ${why}`) });
      }
    });
  }
  return problems;
}
