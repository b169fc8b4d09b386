import type { ColDef } from 'ag-grid-community';
import { columnHeader, type ColumnSpec } from '@/schema-runtime/table-layout';
import type { SortState } from '@/schema-runtime/grid-filters';
import type { SchemaCatalog } from '@/client/shared/schema-set';
import { gridComponent } from './grid-cell';
import type { CellProps, GridRow, RendererRegistry } from './grid-types';

export type { CellProps, GridRow, NamedRenderer, RendererRegistry } from './grid-types';

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
 * through `RowHeights` (measured together, not by AG Grid cell by cell). An `action` column is
 * pinned to the right edge. The renderers' texts read their vocabularies from `catalog` (the set in
 * use when none is given).
 *
 * @throws when a column names a renderer the registry lacks.
 */
export function toColumnDefs(
  columns: readonly ColumnSpec[],
  translate: (key: string) => string,
  registry: RendererRegistry,
  sort: SortState | null,
  lang: 'hr' | 'en' = 'hr',
  catalog?: SchemaCatalog,
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
      catalog,
    });
    const def: ColDef<GridRow> = {
      colId: column.field,
      headerName: columnHeader(column, lang, translate),
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
    // A row's buttons stay on the screen when the other columns scroll sideways (a phone's width).
    if (name === 'action') def.pinned = 'right';
    if (column.width !== undefined) def.width = column.width;
    if (column.minWidth !== undefined) def.minWidth = column.minWidth;
    if (column.flex !== undefined) def.flex = column.flex;
    return def;
  });
}
