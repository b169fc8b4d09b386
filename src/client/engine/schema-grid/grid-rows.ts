import type { TableLayout } from '@/schema-runtime/table-layout';
import type { GridRow } from './column-defs';
import { anyFilterActive, type FilterValues, type ResolvedOptions, type SortState } from '@/schema-runtime/grid-filters';
import { rowPredicate } from './filter-rows';
import { rowNumber, sortRows } from './sort-rows';
import { valuesAt, type ValueFormatters } from './row-values';
import type { SearchIndex } from './search-index';

/** The rows a grid shows, and how many there were before the filters. */
export interface GridRows<T> {
  rows: GridRow<T>[];
  /** Rows the grid would show with no filter set (after the layout's row filter). */
  total: number;
  filtered: boolean;
}

const baseOf = new WeakMap<readonly unknown[], { path: string; allowed: Set<string>; rows: readonly unknown[] }>();

/** The rows the layout's row filter lets through; the same for every keystroke, so kept per data array. */
function baseRows<T>(layout: TableLayout, data: readonly T[], allowed: Set<string> | null): readonly T[] {
  const rowFilter = layout.layout.rowFilter;
  if (!rowFilter || !allowed) return data;
  const kept = baseOf.get(data);
  if (kept && kept.path === rowFilter.path && kept.allowed === allowed) return kept.rows as readonly T[];
  const rows = data.filter((row) => valuesAt(row, rowFilter.path).some((v) => allowed.has(String(v))));
  baseOf.set(data, { path: rowFilter.path, allowed, rows });
  return rows;
}

/**
 * What a grid shows: the layout's row filter, then the user's filters, then the sort, then row
 * numbers (see {@link rowNumber}). Pure: the same inputs give the same rows. A search `index` (see
 * `createSearchIndex`) only saves work.
 */
export function gridRows<T>(
  layout: TableLayout,
  data: readonly T[],
  values: FilterValues,
  sort: SortState | null,
  options: ResolvedOptions,
  allowed: Set<string> | null,
  formatters: ValueFormatters,
  index?: SearchIndex,
): GridRows<T> {
  const base = baseRows(layout, data, allowed);
  const filters = layout.layout.filters;
  const filtered = anyFilterActive(filters, values);
  const matching = filtered ? base.filter(rowPredicate(filters, values, options, formatters, index)) : base;
  const sorted = sortRows(matching, sort, layout.columns, formatters);
  const numbering = layout.layout.rowNumbers;
  const sortedOrSearched = filtered || sort !== null;
  return {
    rows: sorted.map((row, slot) => ({ row, rowNumber: rowNumber(slot, sorted.length, numbering, sortedOrSearched), slot })),
    total: base.length,
    filtered,
  };
}
