import { Link } from 'react-router-dom';
import { Header, Loader, Message, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useOutboxQuery } from '@/client/api/outbox';
import { formatDateTime } from '@/client/engine/format';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { isApiError } from '@/client/shared/api-error';
import { paths } from '@/schema-runtime/pages';
import { MailState } from './mail-state';
import './staff-outbox.css';

/**
 * /ui/outbox (staff): the newest mails the portal wrote, newest first. Without SMTP they are never
 * sent and this is where a demo's invitation links are found; with SMTP it says what went out and
 * what keeps failing.
 */
export default function OutboxPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useOutboxQuery(undefined, { refetchOnMountOrArgChange: true });
  useForbiddenRedirect(error);
  return (
    <section data-page="staff-outbox">
      <Header as="h1">{t('outbox.title')}</Header>
      {data && <Message info size="small" content={t(data.delivery === 'kept' ? 'outbox.kept' : 'outbox.smtp')} />}
      {isLoading && <Loader active inline="centered" />}
      {error && <Message error content={isApiError(error) && error.message ? error.message : t('outbox.loadFailed')} />}
      {data && !data.mails.length && <p className="outbox-empty">{t('outbox.empty')}</p>}
      {data && data.mails.length > 0 && (
        <Table compact className="outbox-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('outbox.when')}</Table.HeaderCell>
              <Table.HeaderCell>{t('outbox.subject')}</Table.HeaderCell>
              <Table.HeaderCell>{t('outbox.to')}</Table.HeaderCell>
              <Table.HeaderCell>{t('outbox.kind')}</Table.HeaderCell>
              <Table.HeaderCell>{t('outbox.state')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.mails.map((mail) => (
              <Table.Row key={mail.id} data-mail={mail.id} data-kind={mail.kind}>
                <Table.Cell className="outbox-when">{formatDateTime(mail.createdAt)}</Table.Cell>
                <Table.Cell>
                  <Link to={paths.outboxMail.href(mail.id)}>{mail.subject}</Link>
                </Table.Cell>
                <Table.Cell className="outbox-to">{mail.to}</Table.Cell>
                <Table.Cell>
                  <code>{mail.kind}</code>
                </Table.Cell>
                <Table.Cell>
                  <MailState mail={mail} delivery={data.delivery} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </section>
  );
}
