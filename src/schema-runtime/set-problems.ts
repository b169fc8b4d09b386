/**
 * What the schema set checks (`set-checks.ts`) report and the small helpers they share: a problem
 * names a file, a JSON pointer into it and the reason in plain words.
 */
import type { CallerRole } from './keywords';
import type { SchemaDoc } from './schema-catalog';
import { isRecord, segmentsOf } from './schema-walk';

/** One reason a set of schema documents may not go live. */
export interface SchemaProblem {
  /** The file relative to the schemas folder, e.g. `rules/resource-limits.json` or `examples/ssh-key.json`. */
  file: string;
  /** A JSON pointer into that file (`''`: the whole file). */
  pointer: string;
  /** What is wrong, in plain English. */
  reason: string;
}

/** An example payload of `schemas/examples/` and what the set must decide about it. */
export interface SchemaExample {
  /** The example's file relative to the schemas folder, e.g. `examples/practical-class.json`. */
  file: string;
  /** The schema it is validated against, short (`requests/practical-class`) or a full `$id`. */
  schema: string;
  /** Whether the schema must accept it. */
  valid: boolean;
  /** The payload, as a client sends it (the current web client's names are mapped first, as the server does). */
  data: unknown;
  /** The caller's role the payload is validated for; default `user`. */
  role?: CallerRole;
  /** The example's pointer in its file: `''` for a file holding one example, `/2` for the third of a list. */
  pointer?: string;
  /** For an invalid example: the data paths (JSON pointers) that must be among the refused ones. */
  failsAt?: string[];
}

/** Schema id (short name) → sorted `'<pointer>: <type>'` of every property the generated code knows. */
export type ShapeSignature = Record<string, string[]>;

/** What a refused shape change tells staff to do. */
export const NEEDS_RELEASE = 'the running code reads it: this change needs a new release (npm run codegen and a deploy)';

export const hasId = (doc: unknown): doc is SchemaDoc => isRecord(doc) && typeof doc.$id === 'string' && doc.$id !== '';
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
export const quote = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** Problems in order of appearance, each once. */
export function dedupe(problems: readonly SchemaProblem[]): SchemaProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}\u0000${p.pointer}\u0000${p.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The name a node goes by in a reason: the last `properties`/`definitions` segment of its pointer. */
export function nameAt(pointer: string): string | undefined {
  const segments = segmentsOf(pointer) ?? [];
  for (let i = segments.length - 2; i >= 0; i -= 1) {
    if (segments[i] === 'properties' || segments[i] === 'definitions') return segments[i + 1];
  }
  return undefined;
}

export const named = (pointer: string, text: string): string => {
  const name = nameAt(pointer);
  return name === undefined ? text : `${name}: ${text}`;
};

/** The JSON types a value has (an integer is also a number). */
export const jsonTypeOf = (value: unknown): string[] => {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['number', 'integer'] : ['number'];
  return [typeof value];
};
