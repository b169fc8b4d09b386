import type { ColumnSpec, RowNumbering } from '@/schema-runtime/table-layout';
import type { SortState } from '@/schema-runtime/grid-filters';
import { compareSortKeys, sortKey } from '@/schema-runtime/sort-key';
import { textsAt, type ValueFormatters } from './row-values';


/**
 * The next sort after a header click: the same column toggles asc ↔ desc, another column starts
 * ascending and clears the first (only one sort at a time).
 */
export function nextSort(current: SortState | null, field: string): SortState {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

function sortKeyOf(row: unknown, column: ColumnSpec, formatters: ValueFormatters): string {
  const spec = column.sort;
  if (!spec) return '';
  // Dates sort by their ISO text, which orders correctly; shown formats (dd.MM.yyyy) would not.
  return sortKey(spec.paths.map((path) => textsAt(row, [path], spec.format === 'personName' ? 'personName' : 'text', formatters).join(' ')).join(' '));
}

/**
 * Rows in the order of `sort` (a stable sort; ties keep the server's order), or as given when
 * there is no sort or the column is not sortable. Texts compare by the portal's sort key
 * (schema-runtime/sort-key.ts: Croatian alphabetical order, digit runs as numbers), as the server
 * compares them when it sorts a page of a list too big to send whole.
 */
export function sortRows<T>(rows: readonly T[], sort: SortState | null, columns: readonly ColumnSpec[], formatters: ValueFormatters): T[] {
  const column = sort ? columns.find((c) => c.field === sort.field && c.sort) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, key: sortKeyOf(row, column, formatters) }));
  keyed.sort((a, b) => sign * Math.sign(compareSortKeys(a.key, b.key)) || a.index - b.index);
  return keyed.map((k) => k.row);
}

/**
 * The number shown in a row at `index` (0-based, in display order) among `total` rows. Numbers
 * count down from the total; with `countDownUnlessSortedOrSearched` they count up from 1 once the
 * rows are sorted or searched (the users grid).
 */
export function rowNumber(index: number, total: number, numbering: RowNumbering, sortedOrSearched: boolean): number {
  if (numbering === 'countDownUnlessSortedOrSearched' && sortedOrSearched) return index + 1;
  return total - index;
}

/**
 * Page-size choices for a row count: the configured sizes up to the first that holds every row,
 * and 'all' (the row count) when there are more rows than the largest size.
 */
export function pageSizeChoices(sizes: readonly number[], rowCount: number): { sizes: number[]; all: boolean } {
  const sorted = [...sizes].sort((a, b) => a - b);
  const chosen: number[] = [];
  for (const size of sorted) {
    chosen.push(size);
    if (size >= rowCount) break;
  }
  return { sizes: chosen, all: rowCount > (sorted[sorted.length - 1] ?? 0) };
}
