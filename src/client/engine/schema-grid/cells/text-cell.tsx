import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';

/** The values at the column's field as plain text. */
export function cellText({ row, field }: CellProps): string {
  return valuesAt(row, field).map(String).join(', ');
}

/** Plain text: the default renderer. */
export function TextCell(props: CellProps) {
  return <span className="grid-text">{cellText(props)}</span>;
}
