import { useTranslation } from 'react-i18next';
import { Header, Icon, Segment, Table } from 'semantic-ui-react';
import { useSentInvitesQuery } from '@/client/api/memberships';
import type { PortalProject } from '@/client/api/projects';
import { formatDateTime } from '@/client/engine/format';
import { ConfirmButton } from '@/client/engine/renderers';

/** The lead's invitations to this project that nobody has accepted yet, each with a cancel button. */
export function PendingInvites({ project, onCancel, busy }: { project: PortalProject; onCancel: (email: string) => Promise<boolean>; busy: boolean }) {
  const { t } = useTranslation();
  const { data } = useSentInvitesQuery();
  const pending = (data ?? []).filter((invite) => invite.project.id === project.id && !invite.accepted);
  return (
    <Segment data-testid="pending-invites">
      <Header as="h3">{t('memberships.pending.heading')}</Header>
      {pending.length === 0 ? (
        <p className="empty-text">{t('memberships.pending.empty')}</p>
      ) : (
        <Table compact unstackable>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('memberships.pending.email')}</Table.HeaderCell>
              <Table.HeaderCell>{t('memberships.pending.sent')}</Table.HeaderCell>
              <Table.HeaderCell collapsing />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pending.map((invite) => (
              <Table.Row key={invite.email} data-invite={invite.email}>
                <Table.Cell>{invite.email}</Table.Cell>
                <Table.Cell>{formatDateTime(invite.sent ?? invite.created)}</Table.Cell>
                <Table.Cell collapsing>
                  <ConfirmButton
                    size="tiny"
                    basic
                    negative
                    className="nowrap-button"
                    disabled={busy}
                    question={t('memberships.pending.confirm', { email: invite.email })}
                    onConfirm={() => void onCancel(invite.email)}
                  >
                    <Icon name="cancel" />
                    {t('memberships.pending.cancel')}
                  </ConfirmButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Segment>
  );
}
