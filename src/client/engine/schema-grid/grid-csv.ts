import type { ColDef } from 'ag-grid-community';
import type { TableLayout } from '@/schema-runtime/table-layout';
import { exportedText } from './column-defs';
import type { GridRow } from './grid-types';

/**
 * Downloads a staff grid's rows as `<exportName>.csv`: the layout's columns but its actions, each
 * cell as its renderer's text, written by the same CSV writer as the user's own lists (so every
 * cell is made safe for spreadsheet programs there). The writer loads on the first export only.
 */
export async function exportGridCsv(layout: TableLayout, columnDefs: readonly ColDef<GridRow>[], rows: readonly GridRow[]): Promise<void> {
  const { csvText, downloadCsv } = await import(/* webpackChunkName: "csv-file" */ '../csv/csv-file');
  const defs = columnDefs.filter((_, i) => layout.columns[i].renderer !== 'action');
  downloadCsv(
    `${layout.layout.exportName}.csv`,
    csvText(
      defs.map((d) => d.headerName ?? ''),
      rows.map((row) => defs.map((d) => exportedText(d, row))),
    ),
  );
}
