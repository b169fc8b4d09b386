import type { ColDef } from 'ag-grid-community';
import type { ComponentType } from 'react';
import type { ColumnSpec } from './table-layout';
import type { SortState } from './sort-rows';
import { gridComponent } from './grid-cell';

/** A row as the grid holds it: the data row, the number shown beside it and its place. */
export interface GridRow<T = unknown> {
  rowNumber: number;
  row: T;
  /**
   * Its place among the shown rows (0 for the first), which is AG Grid's row id: when the filters
   * change, the grid draws the new rows into the rows it has instead of replacing them all.
   */
  slot: number;
}

/** What a named cell renderer gets: the row, its number and the column's `params` from the layout. */
export interface CellProps<T = unknown> {
  row: T;
  rowNumber: number;
  field: string;
  params: Record<string, unknown>;
  /** The interface language the grid is drawn in (labels in the CSV export follow it). */
  lang?: 'hr' | 'en';
}

/** A cell renderer registered by name: how it draws, and its plain text (CSV export). */
export interface NamedRenderer {
  component: ComponentType<CellProps>;
  text(props: CellProps): string;
  /**
   * The component keeps state about its row (an open confirmation), so it is drawn afresh for each
   * row. Others are redrawn in place when a grid row shows another data row (see `GridRow.slot`).
   */
  perRow?: boolean;
}

export type RendererRegistry = Readonly<Record<string, NamedRenderer>>;

/** What a column definition carries for us in AG Grid's `context`. */
interface ColumnContext {
  text(data: GridRow | undefined): string;
}

/** A cell's plain text as the CSV export writes it: its renderer's `text`. */
export function exportedText(def: ColDef<GridRow>, data: GridRow | undefined): string {
  return (def.context as ColumnContext | undefined)?.text(data) ?? '';
}

/**
 * AG Grid column definitions for the columns of a layout. Headers are translated by `translate`;
 * each column's cell is drawn by the renderer named in the layout, and what the CSV export writes
 * for it is that renderer's text (see `exportedText`; the grid itself reads no cell value, which
 * spares a value per cell on every redraw). Sorting is done outside the grid (see `sortRows`), so
 * sortable columns only show the indicator and toggle asc/desc; the grid's own comparator keeps
 * the given order. A column with `autoHeight` wraps its text and its cells set their rows' heights
 * through `RowHeights` (measured together, not by AG Grid cell by cell).
 *
 * @throws when a column names a renderer the registry lacks.
 */
export function toColumnDefs(
  columns: readonly ColumnSpec[],
  translate: (key: string) => string,
  registry: RendererRegistry,
  sort: SortState | null,
  lang: 'hr' | 'en' = 'hr',
): ColDef<GridRow>[] {
  return columns.map((column) => {
    const name = column.renderer ?? 'text';
    const renderer = registry[name];
    if (!renderer) throw new Error(`column ${column.field}: unknown cell renderer "${name}"`);
    const params = column.params ?? {};
    const props = (data: GridRow | undefined): CellProps => ({
      row: data?.row,
      rowNumber: data?.rowNumber ?? 0,
      field: column.field,
      params,
      lang,
    });
    const def: ColDef<GridRow> = {
      colId: column.field,
      headerName: translate(column.headerKey),
      cellRenderer: gridComponent(renderer),
      cellRendererParams: { params, field: column.field, measure: column.autoHeight ?? false },
      sortable: Boolean(column.sort),
      sortingOrder: ['asc', 'desc'],
      comparator: () => 0,
      sort: sort?.field === column.field ? sort.direction : null,
      wrapText: column.autoHeight ?? false,
      resizable: true,
      suppressMovable: true,
      context: { text: (data) => renderer.text(props(data)) } satisfies ColumnContext,
    };
    if (column.width !== undefined) def.width = column.width;
    if (column.minWidth !== undefined) def.minWidth = column.minWidth;
    if (column.flex !== undefined) def.flex = column.flex;
    return def;
  });
}
