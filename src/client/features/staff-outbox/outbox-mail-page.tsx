import { Link, useParams } from 'react-router-dom';
import { Header, Icon, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useOutboxMailQuery } from '@/client/api/outbox';
import { formatDateTime } from '@/client/engine/format';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { isApiError } from '@/client/shared/api-error';
import { paths } from '@/schema-runtime/pages';
import { MailBody } from './mail-body';
import { mailStateText } from './mail-state';
import './staff-outbox.css';

/** /ui/outbox/:mailId (staff): one mail as it was (or would be) sent: its headers, then its text. */
export default function OutboxMailPage() {
  const { t } = useTranslation();
  const { mailId = '' } = useParams();
  const { data: mail, isLoading, error } = useOutboxMailQuery(mailId);
  useForbiddenRedirect(error);
  const back = (
    <Link to={paths.outbox.href} className="outbox-back">
      <Icon name="arrow left" aria-hidden="true" />
      {t('outbox.back')}
    </Link>
  );
  if (isLoading) return <Loader active inline="centered" />;
  if (!mail)
    return (
      <section data-page="staff-outbox-mail">
        {back}
        <Header as="h1">{t('outbox.mailTitle')}</Header>
        <Message error content={isApiError(error) && error.message ? error.message : t('outbox.loadFailed')} />
      </section>
    );
  const headers: [string, string][] = [
    [t('outbox.from'), mail.from],
    [t('outbox.to'), mail.to],
    ...(mail.cc ? ([[t('outbox.cc'), mail.cc]] as [string, string][]) : []),
    [t('outbox.when'), formatDateTime(mail.createdAt)],
    [t('outbox.kind'), mail.kind],
    [t('outbox.state'), mail.sentAt ? t('outbox.sentAt', { when: formatDateTime(mail.sentAt) }) : mailStateText(t, mail, mail.delivery)],
    ...(mail.lastError ? ([[t('outbox.lastError'), mail.lastError]] as [string, string][]) : []),
  ];
  return (
    <section data-page="staff-outbox-mail">
      {back}
      <Header as="h1" className="outbox-subject">
        {mail.subject}
      </Header>
      <dl className="outbox-headers">
        {headers.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <MailBody text={mail.body} />
    </section>
  );
}
