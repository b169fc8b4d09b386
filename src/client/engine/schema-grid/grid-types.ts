import type { ComponentType } from 'react';
import type { SchemaCatalog } from '@/client/shared/schema-set';

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
  /** The catalog the grid reads its vocabularies from (labels in the CSV export); the set in use when none. */
  catalog?: SchemaCatalog;
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
