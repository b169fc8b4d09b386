import { createContext } from 'react';
import type { GridApi, IRowNode, RowHeightParams } from 'ag-grid-community';
import type { GridRow } from './grid-types';

interface MeasuredCell {
  node: IRowNode;
  colId: string;
  api: GridApi;
}

/**
 * Row heights that follow the content of the layout's auto-height columns (people lists, tag rows).
 *
 * AG Grid's own auto row height measures each such cell the moment it is created: a forced style
 * and layout pass per cell, interleaved with the writes of the next cell, about ninety on a page of
 * projects and the bulk of a filter keystroke's time. Here one ResizeObserver watches every
 * measured cell's content; the browser reports all sizes together after its layout, and the rows
 * get their heights in one pass, before the frame is painted. The height of a row is that of its
 * tallest measured cell with the cell's padding and border (AG Grid's rule), and never less than
 * the theme's row height.
 *
 * A new row starts at its estimate (`estimate`, AG Grid's `getRowHeight`): the height it had when
 * last shown, or the most common height measured so far. When the estimate is right, as it mostly
 * is for rows of one grid, the measurement changes nothing and the rows are laid out only once;
 * when it is wrong, the measurement corrects it before the frame is painted.
 *
 * AG Grid's infinite row model (a grid paged on the server) gives every row one height: there the
 * rows get the height of the tallest row shown (`uniform`), set as the grid's row height.
 */
export class RowHeights {
  private readonly cells = new Map<Element, MeasuredCell>();
  private readonly heights = new WeakMap<IRowNode, Map<string, number>>();
  /** The last height of each data row (rows are held weakly: a new data set lets them go). */
  private readonly known = new WeakMap<object, number>();
  /** How many rows got each height, for the estimate of a row not yet measured. */
  private readonly seen = new Map<number, number>();
  private typical: number | undefined;
  private readonly observer: ResizeObserver | null;

  /**
   * `commit` runs the grid's update of row positions; the view passes React's `flushSync` so it
   * lands in this frame. `uniform`: one height for every row (the infinite row model).
   */
  constructor(
    private readonly commit: (update: () => void) => void,
    private readonly uniform = false,
  ) {
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((entries) => this.measured(entries));
  }

  /** Watches the content element of one cell of an auto-height column; returns the function that stops it. */
  observe(element: Element, node: IRowNode, colId: string, api: GridApi): () => void {
    this.cells.set(element, { node, colId, api });
    this.observer?.observe(element);
    return () => {
      this.observer?.unobserve(element);
      this.cells.delete(element);
      // The row keeps its height, as with AG Grid's auto height: a row scrolled out is not resized.
      this.heights.get(node)?.delete(colId);
    };
  }

  /** A row's height before it is measured: its last height, else the most common one; undefined before any. */
  readonly estimate = ({ data }: RowHeightParams<GridRow>): number | undefined => {
    const row = data?.row;
    return (row !== null && typeof row === 'object' ? this.known.get(row) : undefined) ?? this.typical;
  };

  /** Stops watching every cell. */
  disconnect(): void {
    this.observer?.disconnect();
    this.cells.clear();
  }

  private measured(entries: ResizeObserverEntry[]): void {
    // Reads first (layout is clean while the observer reports), writes after.
    let api: GridApi | null = null;
    const touched = new Set<IRowNode>();
    for (const entry of entries) {
      const cell = this.cells.get(entry.target);
      const element = entry.target as HTMLElement;
      const gridCell = element.closest('.ag-cell');
      if (!cell || !gridCell || !element.isConnected) continue;
      const style = getComputedStyle(gridCell);
      const extra = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
        (sum, side) => sum + (Number.parseFloat(style[side as 'paddingTop']) || 0),
        0,
      );
      let byColumn = this.heights.get(cell.node);
      if (!byColumn) {
        byColumn = new Map();
        this.heights.set(cell.node, byColumn);
      }
      byColumn.set(cell.colId, element.offsetHeight + extra);
      touched.add(cell.node);
      api = cell.api;
    }
    if (!api || api.isDestroyed()) return;
    const least = api.getSizesForCurrentTheme().rowHeight;
    if (this.uniform) return this.setUniform(api, least);
    let changed = false;
    for (const node of touched) {
      if (node.rowIndex === null) continue;
      const height = Math.max(least, ...(this.heights.get(node)?.values() ?? []));
      this.remember(node, height);
      if (height !== node.rowHeight) {
        node.setRowHeight(height);
        changed = true;
      }
    }
    if (changed) this.commit(() => api.onRowHeightChanged());
  }

  /** Every row as tall as the tallest row whose cells are shown now. */
  private setUniform(api: GridApi, least: number): void {
    let tallest = least;
    for (const { node } of this.cells.values())
      if (node.rowIndex !== null) tallest = Math.max(tallest, ...(this.heights.get(node)?.values() ?? []));
    if (tallest !== api.getGridOption('rowHeight')) this.commit(() => api.setGridOption('rowHeight', tallest));
  }

  private remember(node: IRowNode, height: number): void {
    const row = (node.data as GridRow | undefined)?.row;
    if (row !== null && typeof row === 'object') this.known.set(row, height);
    const count = (this.seen.get(height) ?? 0) + 1;
    this.seen.set(height, count);
    if (this.typical === undefined || count > (this.seen.get(this.typical) ?? 0)) this.typical = height;
  }
}

/** The row heights of the grid a cell is drawn in (null outside a grid, e.g. in tests). */
export const RowHeightsContext = createContext<RowHeights | null>(null);
