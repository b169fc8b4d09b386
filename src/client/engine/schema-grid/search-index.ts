import type { FilterSpec } from '@/schema-runtime/table-layout';
import { textsAt, type ValueFormatters } from './row-values';

/** A text filter of a layout. */
export type TextFilterSpec = Extract<FilterSpec, { kind: 'text' }>;

/** The texts text filters search, per row, formatted and lower-cased once. */
export interface SearchIndex {
  /** The lower-cased texts `filter` searches in `row` (its paths, in its format). */
  texts(row: unknown, filter: TextFilterSpec): readonly string[];
  /**
   * Fills the index for `rows` in idle time, so that even the first keystroke only compares.
   * Returns a function that stops it.
   */
  warm(rows: readonly unknown[], filters: readonly FilterSpec[]): () => void;
}

type IdleScheduler = (work: (deadline: { timeRemaining(): number }) => void) => () => void;

const idle: IdleScheduler =
  typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function'
    ? (work) => {
        const handle = window.requestIdleCallback(work, { timeout: 2000 });
        return () => window.cancelIdleCallback(handle);
      }
    : (work) => {
        const handle = setTimeout(() => work({ timeRemaining: () => 8 }), 50);
        return () => clearTimeout(handle);
      };

/**
 * A search index for grid rows. Formatting a row's values (dates, person names) and lower-casing
 * them is the costly part of a text filter; a grid of thousands of rows would redo it for every
 * row on every keystroke. The index does it once per row and filter and keeps the result, holding
 * rows and filter specs weakly so that the rows of an older data set are let go with it. The texts
 * are exactly what `textsAt` gives, lower-cased, so matching is unchanged.
 */
export function createSearchIndex(formatters: ValueFormatters): SearchIndex {
  const byFilter = new WeakMap<TextFilterSpec, WeakMap<object, string[]>>();
  const compute = (row: unknown, filter: TextFilterSpec) =>
    textsAt(row, filter.paths, filter.format, formatters).map((text) => text.toLowerCase());

  const texts = (row: unknown, filter: TextFilterSpec): readonly string[] => {
    if (row === null || typeof row !== 'object') return compute(row, filter);
    let cache = byFilter.get(filter);
    if (!cache) {
      cache = new WeakMap();
      byFilter.set(filter, cache);
    }
    let found = cache.get(row);
    if (!found) {
      found = compute(row, filter);
      cache.set(row, found);
    }
    return found;
  };

  const warm = (rows: readonly unknown[], filters: readonly FilterSpec[]) => {
    const textFilters = filters.filter((f): f is TextFilterSpec => f.kind === 'text');
    let next = 0;
    let cancel = () => {};
    const step = (deadline: { timeRemaining(): number }) => {
      while (next < rows.length && deadline.timeRemaining() > 1) {
        for (const filter of textFilters) texts(rows[next], filter);
        next += 1;
      }
      if (next < rows.length) cancel = idle(step);
    };
    if (textFilters.length > 0) cancel = idle(step);
    return () => cancel();
  };

  return { texts, warm };
}
