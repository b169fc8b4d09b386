import { Header, Loader, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useStaffUserKeysQuery } from '@/client/api/staff';
import { padRows } from '@/client/engine/format';
import { UserKeyRow } from './user-key-row';

/** The user's public SSH keys, padded to 5 rows; a spinner while loading. */
export function UserKeysTable({ personUsername }: { personUsername: string | undefined }) {
  const { t } = useTranslation();
  const { data, isFetching } = useStaffUserKeysQuery(personUsername ?? '', { skip: !personUsername });
  const keys = data ?? [];
  return (
    <>
      <Header as="h3">{t('staffUsers.detail.keys')}</Header>
      <Table compact celled className="user-keys">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t('staffUsers.detail.keyName')}</Table.HeaderCell>
            <Table.HeaderCell>{t('staffUsers.detail.fingerprint')}</Table.HeaderCell>
            <Table.HeaderCell>{t('staffUsers.detail.keyType')}</Table.HeaderCell>
            <Table.HeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {isFetching ? (
            <Table.Row>
              <Table.Cell colSpan={4}>
                <Loader active inline="centered" size="small" />
              </Table.Cell>
            </Table.Row>
          ) : keys.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={4} className="muted" data-testid="no-keys">
                {t('staffUsers.detail.noKeys')}
              </Table.Cell>
            </Table.Row>
          ) : (
            padRows(keys).map((key, index) =>
              key ? (
                <UserKeyRow key={key.name} sshKey={key} />
              ) : (
                <Table.Row key={`pad-${index}`}>
                  <Table.Cell colSpan={4}>&nbsp;</Table.Cell>
                </Table.Row>
              ),
            )
          )}
        </Table.Body>
      </Table>
    </>
  );
}
