import type { ValueFormat } from '@/schema-runtime/table-layout';

/** `name[a.b=value]`: a step of a path that keeps only the items whose `a.b` is `value`. */
const SELECTOR = /^([^[\]]+)\[([^=\]]+)=([^\]]*)\]$/;

/** One step of a path: the key to read and, for a `[a.b=value]` step, the items it keeps. */
interface Step {
  key: string;
  selector?: { path: string; value: string };
}

// Paths come from layout files, so there are few of them; the grids read them for every row and
// cell, so each is parsed once.
const parsed = new Map<string, Step[]>();

/** Splits a path into steps, keeping dots inside a `[...]` selector. */
function stepsOf(path: string): Step[] {
  let steps = parsed.get(path);
  if (!steps) {
    steps = (path.match(/[^.[\]]+(?:\[[^\]]*\])?/g) ?? []).map((step) => {
      const selector = SELECTOR.exec(step);
      return selector ? { key: selector[1], selector: { path: selector[2], value: selector[3] } } : { key: step };
    });
    parsed.set(path, steps);
  }
  return steps;
}

/**
 * Every value at a dotted path of a row; arrays on the way are walked, so
 * `userproject_set.user.last_name` gives one last name per member. A step may narrow the items:
 * `userproject_set[role.name=lead].user` gives the leads only. The path `$` is the row itself.
 */
export function valuesAt(row: unknown, path: string): unknown[] {
  if (path === '$') return row === undefined || row === null ? [] : [row];
  let current: unknown[] = [row];
  for (const { key, selector } of stepsOf(path)) {
    const next: unknown[] = [];
    for (const item of current) {
      const value = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
      if (Array.isArray(value)) next.push(...value);
      else if (value !== undefined && value !== null) next.push(value);
    }
    current = selector ? next.filter((item) => valuesAt(item, selector.path).some((v) => String(v) === selector.value)) : next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v]));
}

/** Turns a value into the text shown or searched; dates are formatted by the caller's formatters. */
export type ValueFormatters = Record<Exclude<ValueFormat, 'text' | 'personName'>, (value: string) => string>;

/** The text of a value in a format: a person object reads "First Last". */
export function formatValue(value: unknown, format: ValueFormat | undefined, formatters: ValueFormatters): string {
  if (value === null || value === undefined) return '';
  if (format === 'personName' && typeof value === 'object') {
    const person = value as { first_name?: string; last_name?: string };
    return `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim();
  }
  if ((format === 'date' || format === 'dateTime') && typeof value === 'string') return formatters[format](value);
  return typeof value === 'object' ? '' : String(value);
}

/** All texts of a row at the given paths, formatted. */
export function textsAt(row: unknown, paths: readonly string[], format: ValueFormat | undefined, formatters: ValueFormatters): string[] {
  return paths.flatMap((path) => valuesAt(row, path).map((value) => formatValue(value, format, formatters)));
}
