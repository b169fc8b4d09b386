import { Fragment } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Header, Loader, Message, Segment, Table } from 'semantic-ui-react';
import type { PersonalData } from '@generated';
import { MY_DATA_URL, useMyDataQuery } from '@/client/api/personal-data';
import { formatDateTime } from '@/client/engine/format';
import { paths } from '@/schema-runtime/pages';
import './my-info.css';

type Section = Exclude<keyof PersonalData, 'generated_at'>;

/** The sections in the order of the document, each with its heading key. */
const SECTIONS: readonly Section[] = [
  'profile',
  'registry',
  'projects',
  'departures',
  'ssh_keys',
  'invites_sent',
  'invites_received',
  'usage',
  'grants',
  'mail_preferences',
  'sessions',
  'login_attempts',
  'mails',
];

const HEADING: Record<Section, string> = {
  profile: 'profile',
  registry: 'registry',
  projects: 'projects',
  departures: 'departures',
  ssh_keys: 'sshKeys',
  invites_sent: 'invitesSent',
  invites_received: 'invitesReceived',
  usage: 'usage',
  grants: 'grants',
  mail_preferences: 'mailPreferences',
  sessions: 'sessions',
  login_attempts: 'loginAttempts',
  mails: 'mails',
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type T = TFunction;

/** A field's label in the interface language; a field the catalogue does not name yet shows its key. */
function fieldLabel(t: T, i18n: I18n, key: string): string {
  const id = `myInfo.data.fields.${key}` as 'myInfo.data.fields.username';
  return i18n.exists(id) ? String(t(id)) : key;
}

/** A value as text: dates and times as the portal shows them, yes or no, anything nested as JSON. */
function shown(t: T, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return DATE_TIME.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A record as a two-column table of its fields. */
function FieldTable({ record, label }: { record: Record<string, unknown>; label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="my-data-box" tabIndex={0} role="region" aria-label={label}>
      <Table compact celled unstackable definition aria-label={label}>
        <Table.Body>
          {Object.entries(record).map(([key, value]) =>
            Array.isArray(value) ? null : (
              <Table.Row key={key}>
                <Table.Cell data-field={key}>{fieldLabel(t, i18n, key)}</Table.Cell>
                <Table.Cell className="my-data-value">{shown(t, value)}</Table.Cell>
              </Table.Row>
            ),
          )}
        </Table.Body>
      </Table>
    </div>
  );
}

/** A list of records as a table, a column per field. */
function RowsTable({ rows, label, empty }: { rows: Record<string, unknown>[]; label: string; empty: string }) {
  const { t, i18n } = useTranslation();
  if (!rows.length) return <p>{empty}</p>;
  const columns = Object.keys(rows[0]);
  return (
    <div className="my-data-box" tabIndex={0} role="region" aria-label={label}>
      <Table compact celled unstackable aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.HeaderCell key={c} scope="col" data-field={c}>
                {fieldLabel(t, i18n, c)}
              </Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={i}>
              {columns.map((c) => (
                <Table.Cell key={c} className="my-data-value">
                  {shown(t, row[c])}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

/** /ui/my-info/data — everything the portal holds about the signed-in user, section by section, as the download has it. */
export default function MyDataPage() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError } = useMyDataQuery();
  if (isLoading) return <Loader active inline="centered" />;
  if (isError || !data) return <Message error content={t('myInfo.data.loadFailed')} />;
  return (
    <section data-page="my-data" className="my-data-page">
      <Header as="h1">{t('titles.myData')}</Header>
      <p>
        {t('myInfo.data.generated', { date: formatDateTime(data.generated_at) })}{' '}
        <a href={MY_DATA_URL} download={`${data.profile.username}-data.json`}>
          {t('myInfo.data.download')}
        </a>{' '}
        · <Link to={paths.myInfo.href}>{t('titles.myInfo')}</Link>
      </p>
      {SECTIONS.map((section) => {
        const heading = t(`myInfo.data.sections.${HEADING[section] as 'profile'}`);
        const value = data[section] as unknown;
        return (
          <Segment key={section} data-section={section}>
            <Header as="h2" size="small">
              {heading}
            </Header>
            {Array.isArray(value) ? (
              <RowsTable rows={value as Record<string, unknown>[]} label={heading} empty={t('myInfo.data.empty')} />
            ) : (
              <Fragment>
                <FieldTable record={value as Record<string, unknown>} label={heading} />
                {Object.entries(value as Record<string, unknown>)
                  .filter(([, v]) => Array.isArray(v))
                  .map(([key, v]) => (
                    <RowsTable key={key} rows={v as Record<string, unknown>[]} label={`${heading}: ${fieldLabel(t, i18n, key)}`} empty={t('myInfo.data.empty')} />
                  ))}
              </Fragment>
            )}
          </Segment>
        );
      })}
    </section>
  );
}
