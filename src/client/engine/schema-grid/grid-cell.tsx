import { useContext, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { ICellRendererParams } from 'ag-grid-community';
import type { CellProps, GridRow, NamedRenderer } from './grid-types';
import { RowHeightsContext } from './row-heights';

/** What the grid hands a cell: AG Grid's parameters plus the column's layout params. */
export type GridCellProps = ICellRendererParams<GridRow> & {
  params: Record<string, unknown>;
  field: string;
  /** The column's row height follows this cell's content (the layout's `autoHeight`). */
  measure: boolean;
};

/** A cell whose content sets its row's height: the content is watched by the grid's `RowHeights`. */
function MeasuredCell({ node, colId, api, children }: Pick<GridCellProps, 'node' | 'api'> & { colId: string; children: ReactNode }) {
  const heights = useContext(RowHeightsContext);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (heights && ref.current ? heights.observe(ref.current, node, colId, api) : undefined), [heights, node, colId, api]);
  return (
    <div ref={ref} className="grid-cell-measured">
      {children}
    </div>
  );
}

const adapted = new WeakMap<NamedRenderer, ComponentType<GridCellProps>>();
const rowKeys = new WeakMap<object, string>();
let lastRowKey = 0;

/** A key per data row object, so a renderer with state about its row starts afresh for another row. */
function rowKey(row: unknown): string | undefined {
  if (row === null || typeof row !== 'object') return undefined;
  let key = rowKeys.get(row);
  if (!key) {
    lastRowKey += 1;
    key = String(lastRowKey);
    rowKeys.set(row, key);
  }
  return key;
}

/** The renderer as an AG Grid cell component; one per renderer, so AG Grid sees stable components. */
export function gridComponent(renderer: NamedRenderer): ComponentType<GridCellProps> {
  let component = adapted.get(renderer);
  if (!component) {
    const Inner: ComponentType<CellProps> = renderer.component;
    component = function GridCell({ data, params, field, measure, node, column, api }: GridCellProps) {
      if (!data) return null;
      const key = renderer.perRow ? rowKey(data.row) : undefined;
      const content = <Inner key={key} row={data.row} rowNumber={data.rowNumber} params={params} field={field} />;
      return measure && column ? (
        <MeasuredCell node={node} colId={column.getColId()} api={api}>
          {content}
        </MeasuredCell>
      ) : (
        content
      );
    };
    adapted.set(renderer, component);
  }
  return component;
}
