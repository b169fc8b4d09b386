import type { CellProps } from '../column-defs';
import { formatValue, valuesAt } from '../row-values';

const NO_FORMATTERS = { date: String, dateTime: String };

/** "First Last" of the person object at the column's field. */
export function personNameText({ row, field }: CellProps): string {
  return valuesAt(row, field).map((p) => formatValue(p, 'personName', NO_FORMATTERS)).join(', ');
}

/** A person's full name. */
export function PersonNameCell(props: CellProps) {
  return <span>{personNameText(props)}</span>;
}
