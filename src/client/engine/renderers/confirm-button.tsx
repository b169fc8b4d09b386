import { useState, type ReactNode } from 'react';
import { Button, Confirm, type ButtonProps } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Confirm
        open={open}
        header={header}
        content={question}
        cancelButton={t('common.no')}
        confirmButton={t('common.yes')}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
