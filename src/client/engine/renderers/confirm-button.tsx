import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'semantic-ui-react';
import { ConfirmDialog } from '@/client/shared/dialog';

/**
 * A button that asks a yes/no question before acting — every add, delete, invite, sign-off and
 * cancel in the portal goes through one.
 */
export function ConfirmButton({
  question,
  header,
  onConfirm,
  children,
  ...button
}: { question: string; header?: string; onConfirm: () => void; children: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        header={header}
        question={question}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
