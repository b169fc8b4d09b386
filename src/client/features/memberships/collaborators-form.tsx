import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Icon, Segment } from 'semantic-ui-react';
import type { PortalProject } from '@/client/api/projects';
import { ConfirmButton } from '@/client/engine/renderers';
import { useToast } from '@/client/shared/toast/use-toast';
import { EmailListField } from './email-list-field';
import { submissionType, type MembershipControls } from './membership-rules';
import type { useMembershipActions } from './use-membership-actions';
import { UsernameField } from './username-field';

/** The registry's addresses of a project's collaborators (a registry e-mail field may hold several, ';'-separated). */
function registryEmails(project: PortalProject): string[] {
  const all = (project.croris_collaborators ?? []).flatMap((c) => (c.email ?? '').split(';').map((e) => e.trim()));
  return [...new Set(all.filter(Boolean))];
}

interface CollaboratorsFormProps {
  project: PortalProject;
  controls: MembershipControls;
  actions: ReturnType<typeof useMembershipActions>;
}

/**
 * Invite by e-mail (the lead) and add by username (staff on internal and workshop projects).
 * Only usernames → add_internal; any address → add (invitations, then the usernames if any).
 */
export function CollaboratorsForm({ project, controls, actions }: CollaboratorsFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [emails, setEmails] = useState<string[]>([]);
  const [foreignEmails, setForeignEmails] = useState<string[]>([]);
  const [usernames, setUsernames] = useState<string[]>([]);
  const choices = useMemo(() => (controls.localInvites === 'registry' ? registryEmails(project) : undefined), [controls.localInvites, project]);
  const members = useMemo(() => (project.userproject_set ?? []).map((m) => m.user.username), [project.userproject_set]);
  const type = submissionType([...emails, ...foreignEmails], usernames);

  const submit = async () => {
    if (type === 'add') {
      const sent = await actions.invite({ emails, foreignEmails });
      if (sent) {
        setEmails([]);
        setForeignEmails([]);
      }
      if (!sent || usernames.length === 0) return;
    }
    if (await actions.addByUsername(usernames)) setUsernames([]);
  };

  return (
    <Segment data-testid="collaborators-form">
      <Header as="h3">{controls.invite ? t('memberships.invite.heading') : t('memberships.internal.heading')}</Header>
      <Form onSubmit={(event) => event.preventDefault()}>
        {controls.invite && (
          <EmailListField
            id="invite-emails"
            label={choices ? t('memberships.invite.registry') : t('memberships.invite.local')}
            hint={choices ? t('memberships.invite.registryHint') : t('memberships.invite.localHint')}
            values={emails}
            onChange={setEmails}
            choices={choices}
          />
        )}
        {controls.foreignInvites && (
          <EmailListField id="invite-foreign" label={t('memberships.invite.foreign')} values={foreignEmails} onChange={setForeignEmails} />
        )}
        {controls.addByUsername && <UsernameField values={usernames} onChange={setUsernames} exclude={members} />}
        {type ? (
          <ConfirmButton
            primary
            loading={actions.busy}
            disabled={actions.busy}
            question={type === 'add' ? t('memberships.invite.sendConfirm') : t('memberships.invite.addConfirm')}
            onConfirm={() => void submit()}
          >
            <Icon name="send" />
            {t('memberships.invite.send')}
          </ConfirmButton>
        ) : (
          <Button type="button" primary onClick={() => toast.warning(t('memberships.invite.nothing'))}>
            <Icon name="send" />
            {t('memberships.invite.send')}
          </Button>
        )}
      </Form>
    </Segment>
  );
}
