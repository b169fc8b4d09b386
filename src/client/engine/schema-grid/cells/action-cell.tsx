import { useContext } from 'react';
import type { CellProps } from '../column-defs';
import { GridActionsContext } from '../grid-actions';

/** The page's row action named by `params.action` (e.g. delete with confirmation). */
export function ActionCell({ row, params }: CellProps) {
  const Action = useContext(GridActionsContext)[String(params.action)];
  return Action ? <Action row={row} /> : null;
}
