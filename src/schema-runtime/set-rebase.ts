/**
 * Staff changes carried over an upgrade (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md):
 * a set staff edited on one shipped folder (the old base) is re-applied on the folder a new release
 * ships (the new base), as a three-way merge of the documents. What only staff changed keeps the
 * staff value, what only the release changed takes the release's, what both changed alike is
 * agreed; what both changed differently is a conflict, kept with both values for someone to decide
 * (the merged documents hold the release's value there). Pure: the live set uses it at a start and
 * at a folder reload, and its result is checked like any other candidate.
 */
import type { SchemaDoc } from './schema-catalog';
import { isRecord, jsonEqual, pointerOf, segmentsOf, valueAt } from './schema-walk';

/** A place both staff and the release changed, differently. */
export interface RebaseConflict {
  /** The file relative to the schemas folder, e.g. `rules/resource-limits.json`. */
  file: string;
  /** A JSON pointer into the file; '' for the whole file. */
  pointer: string;
  /** The value on the old base (undefined: it was not there). */
  base?: unknown;
  /** The value staff set (undefined: staff removed it). */
  staff?: unknown;
  /** The value the new release ships (undefined: the release removed it). */
  shipped?: unknown;
}

export interface RebaseResult {
  /** The new base with every staff change that does not conflict; the release's value at a conflict. */
  docs: SchemaDoc[];
  /** How many places kept a staff value the new base does not ship. */
  carried: number;
  conflicts: RebaseConflict[];
}

/** A file as the history names it, from its `$id` (`https://portal.schemas/rules/x.json` → `rules/x.json`). */
const fileOfId = (id: string): string => id.replace(/^[a-z]+:\/\/[^/]+\//, '');

/** An array whose items are objects each named by a distinct `const` (a vocabulary's entries): merged entry by entry. */
function keyedByConst(value: unknown): value is Array<Record<string, unknown> & { const: string | number }> {
  if (!Array.isArray(value) || !value.length) return false;
  const keys = value.map((item) => (isRecord(item) && (typeof item.const === 'string' || typeof item.const === 'number') ? String(item.const) : undefined));
  return keys.every((k) => k !== undefined) && new Set(keys).size === keys.length;
}

class Merger {
  carried = 0;
  readonly conflicts: RebaseConflict[] = [];

  constructor(private readonly file: string) {}

  /** The merged value at `path` (undefined: absent), from the old base, the staff set and the new base. */
  value(path: (string | number)[], base: unknown, staff: unknown, shipped: unknown): unknown {
    if (jsonEqual(staff, base)) return shipped;
    if (jsonEqual(shipped, base)) {
      this.carried += 1;
      return staff;
    }
    if (jsonEqual(staff, shipped)) return staff;
    if (isRecord(base) && isRecord(staff) && isRecord(shipped)) return this.object(path, base, staff, shipped);
    if (keyedByConst(staff) && keyedByConst(shipped) && (base === undefined || keyedByConst(base))) return this.entries(path, base ?? [], staff, shipped);
    this.conflicts.push({ file: this.file, pointer: pointerOf(path), base, staff, shipped });
    return shipped;
  }

  /** Key by key, in the new base's order, then the keys only staff added, in theirs. */
  private object(path: (string | number)[], base: Record<string, unknown>, staff: Record<string, unknown>, shipped: Record<string, unknown>) {
    const out: Record<string, unknown> = {};
    for (const key of [...new Set([...Object.keys(shipped), ...Object.keys(staff)])]) {
      const merged = this.value([...path, key], base[key], staff[key], shipped[key]);
      if (merged !== undefined) out[key] = merged;
    }
    return out;
  }

  /** Entry by entry (named by `const`), in the new base's order, then the entries only staff added, in theirs. */
  private entries(path: (string | number)[], base: Array<Record<string, unknown>>, staff: Array<Record<string, unknown>>, shipped: Array<Record<string, unknown>>) {
    const byConst = (list: Array<Record<string, unknown>>) => new Map(list.map((item) => [String(item.const), item]));
    const [b, s, n] = [byConst(base), byConst(staff), byConst(shipped)];
    const out: unknown[] = [];
    for (const key of [...new Set([...n.keys(), ...s.keys()])]) {
      // A pointer names an entry by its place in the list it ends up in (the new base's, or staff's for their own).
      const index = n.has(key) ? [...n.keys()].indexOf(key) : [...s.keys()].indexOf(key);
      const merged = this.value([...path, index], b.get(key), s.get(key), n.get(key));
      if (merged !== undefined) out.push(merged);
    }
    return out;
  }
}

/** Staff's documents `staff` (made on `oldBase`) re-applied on `newBase`, with what conflicts. */
export function rebaseDocs(oldBase: readonly SchemaDoc[], staff: readonly SchemaDoc[], newBase: readonly SchemaDoc[]): RebaseResult {
  const byId = (docs: readonly SchemaDoc[]) => new Map(docs.map((d) => [d.$id, d]));
  const [o, s, n] = [byId(oldBase), byId(staff), byId(newBase)];
  const docs: SchemaDoc[] = [];
  let carried = 0;
  const conflicts: RebaseConflict[] = [];
  // A file staff removed that the release changed is a conflict at '' like any other (the release's text is kept).
  for (const id of [...new Set([...n.keys(), ...s.keys()])]) {
    const merger = new Merger(fileOfId(id));
    const merged = merger.value([], o.get(id), s.get(id), n.get(id));
    carried += merger.carried;
    conflicts.push(...merger.conflicts);
    if (isRecord(merged)) docs.push({ ...merged, $id: id });
  }
  return { docs, carried, conflicts };
}

/** Which side a conflict's place now holds in `doc`: staff's value, the release's, or neither (edited since). */
export function conflictSide(doc: unknown, conflict: RebaseConflict): 'staff' | 'shipped' | undefined {
  const now = valueAt(doc, conflict.pointer);
  if (jsonEqual(now, conflict.shipped)) return 'shipped';
  if (jsonEqual(now, conflict.staff)) return 'staff';
  return undefined;
}

/**
 * `doc` (a file of a rebase's draft) with the conflict's place set to one side's value — removed
 * when that side removed it. A copy; undefined for a whole-file conflict (the file is kept or
 * removed in the JSON view) or a place that no longer exists.
 */
export function withConflictSide(doc: Record<string, unknown>, conflict: RebaseConflict, side: 'staff' | 'shipped'): Record<string, unknown> | undefined {
  const segments = segmentsOf(conflict.pointer);
  if (!segments?.length) return undefined;
  const copy = structuredClone(doc);
  const value = side === 'staff' ? conflict.staff : conflict.shipped;
  let parent: unknown = copy;
  for (const segment of segments.slice(0, -1)) {
    parent = Array.isArray(parent) ? parent[Number(segment)] : isRecord(parent) ? parent[segment] : undefined;
    if (parent === undefined) return undefined;
  }
  const last = segments[segments.length - 1];
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) return undefined;
    if (value === undefined) parent.splice(index, 1);
    else if (jsonEqual(parent[index], side === 'staff' ? conflict.shipped : conflict.staff) || index === parent.length) parent[index] = structuredClone(value);
    else parent.splice(index, 0, structuredClone(value));
  } else if (isRecord(parent)) {
    if (value === undefined) delete parent[last];
    else parent[last] = structuredClone(value);
  } else return undefined;
  return copy;
}
