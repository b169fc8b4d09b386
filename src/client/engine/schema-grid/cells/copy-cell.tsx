import { CopyButton, type CopyWhat } from '@/client/engine/renderers';
import type { CellProps } from '../column-defs';
import { cellText } from './text-cell';

/** The value with a copy button; `params.what` picks the copy toasts. */
export function CopyCell(props: CellProps) {
  const text = cellText(props);
  return (
    <span className="grid-copy">
      {text}
      {text && <CopyButton value={text} what={(props.params.what as CopyWhat | undefined) ?? 'projectCode'} />}
    </span>
  );
}
