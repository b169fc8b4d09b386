import type { CellProps } from '../column-defs';

/** The row's number (counted by `gridRows`). */
export function RowNumberCell({ rowNumber }: CellProps) {
  return <span className="grid-row-number">{rowNumber}</span>;
}
