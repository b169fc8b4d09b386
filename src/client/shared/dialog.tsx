import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';

/**
 * A modal dialog on the browser's own `<dialog>`, with Semantic UI's modal look: the page behind
 * it is inert, focus stays inside, and Escape, a click outside it or its close button ask the owner
 * to close it (`onClose`). Nothing is drawn while it is closed (a grid's Delete buttons each have
 * one). It stands in for semantic-ui-react's Modal and Confirm, whose portal, dimmer and event
 * stack the frame's logout question put on every signed-in page.
 */
export function Dialog({ open, ...dialog }: { open: boolean } & DialogProps) {
  return open ? <OpenDialog {...dialog} /> : null;
}

interface DialogProps {
  onClose: () => void;
  size?: 'mini' | 'tiny' | 'small';
  header?: ReactNode;
  actions: ReactNode;
  closeButton?: boolean;
  className?: string;
  children: ReactNode;
}

/** The dialog while open: shown modal when drawn, closed (focus back where it was) when removed. */
function OpenDialog({
  onClose,
  size = 'small',
  header,
  actions,
  closeButton = false,
  className = '',
  children,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOutside = useRef(false);
  const headerId = useId();
  const contentId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  // The browser would close it on Escape by itself; the owner's state decides instead.
  const cancelled = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  // A click on the backdrop targets the dialog itself (its parts cover all of its box); a press
  // that started inside (a text selection dragged out) does not count.
  const pressed = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOutside.current = event.target === event.currentTarget;
  };
  const clicked = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOutside.current && event.target === event.currentTarget) onClose();
  };
  return (
    <dialog
      ref={ref}
      className={`ui ${size} modal portal-dialog ${className}`}
      aria-labelledby={header ? headerId : contentId}
      aria-describedby={header ? contentId : undefined}
      onCancel={cancelled}
      onMouseDown={pressed}
      onClick={clicked}
    >
      {closeButton && <Button type="button" basic icon="close" className="dialog-close" aria-label={t('common.close')} onClick={onClose} />}
      {header && (
        <div className="header" id={headerId}>
          {header}
        </div>
      )}
      <div className="content" id={contentId}>
        {children}
      </div>
      <div className="actions">{actions}</div>
    </dialog>
  );
}

/** A yes/no question in a `Dialog`: No closes it, Yes confirms. */
export function ConfirmDialog({
  open,
  header,
  question,
  size = 'small',
  onCancel,
  onConfirm,
}: {
  open: boolean;
  header?: string;
  question: ReactNode;
  size?: 'mini' | 'tiny' | 'small';
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size={size}
      header={header}
      actions={
        <>
          <Button type="button" content={t('common.no')} onClick={onCancel} />
          <Button type="button" primary content={t('common.yes')} onClick={onConfirm} />
        </>
      }
    >
      {question}
    </Dialog>
  );
}
