import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { Popup, type PopupProps } from 'semantic-ui-react';

/**
 * A click-opened popup that is mounted on the first click of its trigger; until then only the
 * trigger is drawn. A grid page draws dozens of names and project codes, and a mounted Popup for
 * each (portal, trigger ref, handlers, the content's hooks) was a large share of drawing a row. From
 * the first click on it is the same Popup: it opens at once, and the trigger it draws again takes
 * the focus the clicked one had.
 */
export function PopupOnFirstClick({
  trigger,
  children,
  ...popup
}: Omit<PopupProps, 'trigger' | 'on' | 'children' | 'open' | 'defaultOpen'> & { trigger: ReactElement; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  if (!used) return cloneElement(trigger, { onClick: () => setUsed(true) });
  return (
    <Popup on="click" defaultOpen trigger={cloneElement(trigger, { autoFocus: true })} {...popup}>
      {children}
    </Popup>
  );
}
