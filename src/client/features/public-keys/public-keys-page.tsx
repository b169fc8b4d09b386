import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Header, Message, Table } from 'semantic-ui-react';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useDeleteSshKeyMutation, useSshKeysQuery } from '@/client/api/keys';
import { useMyProjectsQuery } from '@/client/api/projects';
import { formatDateTime, padRows } from '@/client/engine/format';
import { CsvExportButton, type CsvColumn } from '@/client/engine/csv/csv-export-button';
import type { SshKey } from '@generated';
import { paths } from '@/schema-runtime/pages';
import { useToast } from '@/client/shared/toast/use-toast';
import { hasActiveParticipation } from './active-participation';
import { KeyRow, keyType } from './key-row';
import { KeyTableSkeleton } from './key-table-skeleton';
import './public-keys.css';

/** /ui/public-keys: the user's SSH keys, padded to five rows, with show, copy and delete. */
export default function PublicKeysPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const keys = useSshKeysQuery();
  const projects = useMyProjectsQuery();
  const [deleteKey, deletion] = useDeleteSshKeyMutation();

  useEffect(() => {
    // The spec's fetch failure names only the status, not the server's message.
    if (isApiError(keys.error)) toast.error(apiErrorText(t('publicKeys.fetchFailed'), { ...keys.error, message: '' }), { id: 'keys-fetch' });
  }, [keys.error, t, toast]);

  const remove = async (name: string) => {
    try {
      await deleteKey({ name }).unwrap();
      toast.success(t('publicKeys.deleted'));
    } catch (error) {
      const text = isApiError(error) ? error.message || apiErrorText(t('publicKeys.deletePrefix'), error) : String(error);
      toast.error(t('publicKeys.deleteFailed', { error: text }));
    }
  };

  const rows = keys.data ?? [];
  const exported: CsvColumn<SshKey>[] = [
    { header: t('publicKeys.columns.name'), text: (k) => k.name },
    { header: t('publicKeys.columns.fingerprint'), text: (k) => k.fingerprint_sha256 ?? `MD5:${k.fingerprint}` },
    { header: t('publicKeys.columns.type'), text: (k) => keyType(k.public_key) },
    { header: t('publicKeys.columns.publicKey'), text: (k) => k.public_key },
    { header: t('publicKeys.columns.created'), text: (k) => formatDateTime(k.date_created) },
  ];
  return (
    <section data-page="public-keys">
      <div className="keys-heading">
        <Header as="h1">{t('titles.publicKeys')}</Header>
        <Button as={Link} to={paths.newPublicKey.href} primary icon="plus" content={t('publicKeys.add')} />
      </div>
      {projects.isSuccess && !hasActiveParticipation(projects.data) && <Message info content={t('publicKeys.noProjects')} />}
      <Table celled className="padded-table keys-table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell width={4}>{t('publicKeys.columns.name')}</Table.HeaderCell>
            <Table.HeaderCell width={6}>{t('publicKeys.columns.fingerprint')}</Table.HeaderCell>
            <Table.HeaderCell width={2}>{t('publicKeys.columns.type')}</Table.HeaderCell>
            <Table.HeaderCell width={4} textAlign="right">
              {t('publicKeys.columns.actions')}
            </Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        {keys.isLoading ? (
          <KeyTableSkeleton />
        ) : (
          <Table.Body>
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={4} textAlign="center" className="empty-text">
                  {t('publicKeys.empty')}
                </Table.Cell>
              </Table.Row>
            )}
            {padRows(rows, rows.length === 0 ? 4 : undefined).map((sshKey, index) =>
              sshKey ? (
                <KeyRow key={sshKey.name} sshKey={sshKey} deleting={deletion.isLoading && deletion.originalArgs?.name === sshKey.name} onDelete={(name) => void remove(name)} />
              ) : (
                <Table.Row key={`pad-${index}`} className="padding-row">
                  <Table.Cell colSpan={4}>&nbsp;</Table.Cell>
                </Table.Row>
              ),
            )}
          </Table.Body>
        )}
      </Table>
      <CsvExportButton fileName="public-keys.csv" columns={exported} rows={rows} />
    </section>
  );
}
