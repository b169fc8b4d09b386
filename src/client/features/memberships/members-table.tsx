import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Icon, Table } from 'semantic-ui-react';
import type { PortalProject } from '@/client/api/projects';
import { ConfirmButton } from '@/client/engine/renderers';
import { signOffCandidates } from './membership-rules';
import { membershipRules } from './membership-rule-set';
import { useRoleLabel } from '@/client/engine/people/use-role-label';

interface MembersTableProps {
  project: PortalProject;
  /** The lead's sign-off: checkboxes beside collaborators and the button under the table. */
  signOff?: { busy: boolean; run: (userIds: number[]) => Promise<boolean> };
}

/** The project's members, lead first; the lead may tick collaborators and sign them off. */
export function MembersTable({ project, signOff }: MembersTableProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const [ticked, setTicked] = useState<number[]>([]);
  const rules = membershipRules();
  const candidates = useMemo(() => signOffCandidates(project, rules), [project, rules]);
  const members = useMemo(
    () => [...(project.userproject_set ?? [])].sort((a, b) => Number(candidates.includes(a.user.id)) - Number(candidates.includes(b.user.id))),
    [project.userproject_set, candidates],
  );
  const toggle = (id: number, on: boolean) => setTicked((now) => (on ? [...now, id] : now.filter((x) => x !== id)));

  return (
    <>
      <Table celled compact unstackable data-testid="members-table">
        <Table.Header>
          <Table.Row>
            {signOff && <Table.HeaderCell collapsing>{t('memberships.members.signOff')}</Table.HeaderCell>}
            <Table.HeaderCell>{t('memberships.members.name')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.members.uniqueId')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.members.email')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.members.role')}</Table.HeaderCell>
            <Table.HeaderCell collapsing>{t('memberships.members.sshKey')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {members.map(({ user, role }) => {
            const name = `${user.first_name} ${user.last_name}`;
            return (
              <Table.Row key={`${user.id}-${role.name}`} data-member={user.username}>
                {signOff && (
                  <Table.Cell textAlign="center">
                    {candidates.includes(user.id) && (
                      <Checkbox
                        aria-label={t('memberships.members.select', { name })}
                        checked={ticked.includes(user.id)}
                        onChange={(_e, { checked }) => toggle(user.id, !!checked)}
                      />
                    )}
                  </Table.Cell>
                )}
                <Table.Cell>{name}</Table.Cell>
                <Table.Cell>{user.person_uniqueid ?? user.username}</Table.Cell>
                <Table.Cell>{user.person_mail}</Table.Cell>
                <Table.Cell>{roleLabel(role.name)}</Table.Cell>
                <Table.Cell textAlign="center">
                  {user.sshkeys !== undefined && (
                    <Icon
                      name="key"
                      role="img"
                      color={user.sshkeys ? 'green' : 'red'}
                      title={user.sshkeys ? t('memberships.members.hasKey') : t('memberships.members.noKey')}
                      aria-label={user.sshkeys ? t('memberships.members.hasKey') : t('memberships.members.noKey')}
                    />
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table>
      {signOff && candidates.length > 0 && (
        <ConfirmButton
          negative
          basic
          loading={signOff.busy}
          disabled={signOff.busy}
          question={t('memberships.signOff.confirm')}
          onConfirm={() => void signOff.run(ticked).then((done) => done && setTicked([]))}
        >
          <Icon name="user delete" />
          {t('memberships.signOff.button')}
        </ConfirmButton>
      )}
    </>
  );
}
