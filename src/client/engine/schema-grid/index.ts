/** SchemaGrid: staff grids drawn from `schemas/tables/` layouts (AG Grid Community, loaded with the grid pages' code). */
export { SchemaGrid } from './schema-grid';
export { StaffGridPage, type StaffGridRows } from './staff-grid-page';
export { readTableLayout, type TableLayout } from '@/schema-runtime/table-layout';
export type { GridAction } from './grid-actions';
export { tableLayout } from './load-layout';
