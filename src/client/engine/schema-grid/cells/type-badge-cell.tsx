import { TypeBadge } from '@/client/engine/renderers';
import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';

/** The project type badge, plus the EU badge when a financier's name contains the EU marker. */
export function TypeBadgeCell({ row, field }: CellProps) {
  const type = valuesAt(row, field)[0];
  const finance = valuesAt(row, 'croris_finance').map(String);
  return typeof type === 'string' ? <TypeBadge type={type} finance={finance} /> : null;
}
