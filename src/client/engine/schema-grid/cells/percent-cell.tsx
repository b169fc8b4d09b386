import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';
import { numberFormat } from '@/client/engine/locale-format';

/** A share in percent, one decimal, in the grid's language ('' without a value). */
export function percentText({ row, field, lang = 'hr' }: CellProps): string {
  const value = valuesAt(row, field)[0];
  if (typeof value !== 'number') return '';
  return numberFormat(lang, { percent: true, maximumFractionDigits: 1 }).format(value);
}

/** A share in percent, right-aligned for comparing down a column. */
export function PercentCell(props: CellProps) {
  return <span className="grid-text grid-number">{percentText(props)}</span>;
}
