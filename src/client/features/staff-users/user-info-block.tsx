import { Header, Icon, Segment, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@generated';
import { CopyButton } from '@/client/engine/renderers';
import { formatDate } from '@/client/engine/format';

/** The user's directory data and status. */
export function UserInfoBlock({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const rows: [string, string | undefined][] = [
    [t('staffUsers.detail.firstName'), user.first_name],
    [t('staffUsers.detail.lastName'), user.last_name],
    [t('staffUsers.detail.institution'), user.person_institution],
    [t('staffUsers.detail.organisation'), user.person_organisation],
    [t('staffUsers.detail.affiliation'), user.person_affiliation],
    [t('staffUsers.detail.joined'), formatDate(user.date_joined)],
  ];
  return (
    <Segment className="user-info">
      <Header as="h1">
        {user.first_name} {user.last_name}{' '}
        <Icon name={user.status ? 'check circle' : 'minus circle'} color={user.status ? 'green' : 'grey'} title={t(user.status ? 'staffUsers.detail.active' : 'staffUsers.detail.inactive')} />
      </Header>
      <Table compact basic="very" definition>
        <Table.Body>
          <Table.Row>
            <Table.Cell width={4}>{t('staffUsers.detail.username')}</Table.Cell>
            <Table.Cell>
              {user.person_username} {user.person_username && <CopyButton value={user.person_username} what="username" />}
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('staffUsers.detail.userLabel')}</Table.Cell>
            <Table.Cell>
              {user.username} <CopyButton value={user.username} what="userLabel" />
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('staffUsers.detail.email')}</Table.Cell>
            <Table.Cell>
              {user.person_mail} {user.person_mail && <CopyButton value={user.person_mail} what="userEmail" />}
            </Table.Cell>
          </Table.Row>
          {rows.map(([label, value]) => (
            <Table.Row key={label}>
              <Table.Cell>{label}</Table.Cell>
              <Table.Cell>{value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Segment>
  );
}
