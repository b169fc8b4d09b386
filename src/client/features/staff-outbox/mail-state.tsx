import { useTranslation } from 'react-i18next';
import { Label } from 'semantic-ui-react';
import type { TFunction } from 'i18next';
import type { OutboxDelivery, OutboxEntry } from '@generated';

const COLOURS = { sent: 'green', waiting: 'grey', failing: 'red' } as const;

/** Where a mail stands, in words: sent, kept (no SMTP), waiting to be sent, or failing (with the number of tries). */
export function mailStateText(t: TFunction, mail: OutboxEntry, delivery: OutboxDelivery): string {
  if (mail.state === 'failing') return t('outbox.states.failing', { tries: mail.attempts });
  if (mail.state === 'waiting' && delivery === 'kept') return t('outbox.states.kept');
  return t(`outbox.states.${mail.state}`);
}

/** The mail's state as a coloured label (the list). */
export function MailState({ mail, delivery }: { mail: OutboxEntry; delivery: OutboxDelivery }) {
  const { t } = useTranslation();
  const text = mailStateText(t, mail, delivery);
  return (
    <Label basic size="small" color={COLOURS[mail.state]} className="outbox-state">
      {text}
    </Label>
  );
}
