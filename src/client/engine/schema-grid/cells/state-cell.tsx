import { StateIcon } from '@/client/engine/renderers';
import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';

/** The state's icon with its tooltip (rules/states.json). */
export function StateCell({ row, field }: CellProps) {
  const state = valuesAt(row, field)[0];
  return typeof state === 'string' ? <StateIcon state={state} /> : null;
}
