import type { FilterSpec } from './table-layout';

/*
 * What the filters of a grid layout hold and when one narrows the rows — shared by the two
 * interpreters of a layout's filters: the browser's (`rowPredicate` over a whole list) and the
 * server's (the same filters compiled to SQL for a page of a list too big to send whole).
 */

/** The value of each filter by its key: text, a dropdown value, a list (multi) or yes/no/all. */
export type FilterValues = Record<string, string | string[] | undefined>;

/** The dropdown options of a filter as resolved from its vocabulary, with the annotations kept. */
export type ResolvedOptions = Record<string, { value: string; euroMatch?: string; label?: unknown }[]>;

/** The one active sort: the column's field and the direction. Clicking another column replaces it. */
export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

/** The values of the yes/no filter ("Svi/Da/Ne"). */
export const YES_NO = { all: 'all', yes: 'yes', no: 'no' } as const;

/** Whether a filter is set (narrows the rows). */
export function isFilterActive(spec: FilterSpec, value: FilterValues[string]): boolean {
  if (value === undefined) return false;
  if (spec.kind === 'text') return typeof value === 'string' && value.trim() !== '';
  if (spec.kind === 'multi') return Array.isArray(value) && value.length > 0;
  if (spec.kind === 'yesNo') return value !== YES_NO.all && value !== '';
  return value !== '';
}

/** Whether any filter narrows the rows. */
export function anyFilterActive(specs: readonly FilterSpec[], values: FilterValues): boolean {
  return specs.some((spec) => isFilterActive(spec, values[spec.key]));
}

/** A text filter's needle: what every row's texts are searched for (trimmed, lower-cased). */
export function textNeedle(value: FilterValues[string]): string {
  return String(value).trim().toLowerCase();
}
