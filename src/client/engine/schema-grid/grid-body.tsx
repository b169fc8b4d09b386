import type { ColDef } from 'ag-grid-community';
import type { TableLayout } from '@/schema-runtime/table-layout';
import type { FilterValues, SortState } from '@/schema-runtime/grid-filters';
import type { GridRow } from './grid-types';

/** What the grid's shell hands its body: the layout, the columns, and the user's filters, sort and page. */
export interface GridBodyProps {
  layout: TableLayout;
  columnDefs: ColDef<GridRow>[];
  values: FilterValues;
  sort: SortState | null;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
  onSort(sort: SortState | null): void;
}

/** The constant of rules/constants.json named by the layout (page-size choices). */
export function constantNumbers(constants: unknown, name: string): number[] {
  const value = (constants as Record<string, unknown>)[name];
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}
