import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useAddInternalMutation, useCancelInviteMutation, useSendInvitesMutation, useSignOffMutation } from '@/client/api/memberships';
import type { PortalProject } from '@/client/api/projects';
import { useToast } from '@/client/shared/toast/use-toast';

/** The error text a failure toast carries: the server's message, else the spec's status line. */
function errorText(error: unknown, method: string): string {
  if (isApiError(error)) return error.message || apiErrorText(`Error ${method}`, error);
  return String(error);
}

/** What an invitation submission holds. */
export interface InviteInput {
  emails: readonly string[];
  foreignEmails: readonly string[];
}

const asChoices = (values: readonly string[]) => values.map((value) => ({ label: value, value }));

/**
 * The collaborator actions of one project, each with the spec's toasts (point 8). An inactive
 * project refuses every action with its own toast and sends nothing. Each resolves true on success.
 */
export function useMembershipActions(project: PortalProject, inviterId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [send, sending] = useSendInvitesMutation();
  const [signOffUsers, signingOff] = useSignOffMutation();
  const [cancel, cancelling] = useCancelInviteMutation();
  const [addUsers, adding] = useAddInternalMutation();
  const refuse = (text: string, type: 'error' | 'warning' = 'error'): false => {
    toast.show(type, text);
    return false;
  };

  const invite = async ({ emails, foreignEmails }: InviteInput): Promise<boolean> => {
    if (!project.is_active) return refuse(t('memberships.invite.inactive'));
    try {
      await send({
        project: project.identifier,
        projectid: project.id,
        collaboratorEmails: asChoices(emails),
        foreignCollaboratorEmails: asChoices(foreignEmails),
        type: 'add',
      }).unwrap();
      toast.success(t('memberships.invite.sent'));
      return true;
    } catch (error) {
      toast.error(t('memberships.invite.sendFailed', { error: errorText(error, 'sending invitations') }));
      return false;
    }
  };

  const signOff = async (userIds: readonly number[]): Promise<boolean> => {
    if (!project.is_active) return refuse(t('memberships.signOff.inactive'));
    if (userIds.length === 0) return refuse(t('memberships.signOff.none'), 'warning');
    try {
      await signOffUsers({ projectId: project.id, userIds: [userIds[0], ...userIds.slice(1)] }).unwrap();
      toast.success(t('memberships.signOff.done'));
      return true;
    } catch (error) {
      toast.error(t('memberships.signOff.failed', { error: errorText(error, 'removing users from project') }));
      return false;
    }
  };

  const cancelInvite = async (email: string): Promise<boolean> => {
    try {
      await cancel({ email, projectid: project.id, inviterid: inviterId }).unwrap();
      toast.success(t('memberships.pending.done'));
      return true;
    } catch (error) {
      toast.error(t('memberships.pending.failed', { error: errorText(error, 'cancelling invitation') }));
      return false;
    }
  };

  const addByUsername = async (usernames: readonly string[]): Promise<boolean> => {
    if (!project.is_active) return refuse(t('memberships.internal.inactive'));
    if (usernames.length === 0) return false;
    try {
      const users = asChoices(usernames);
      await addUsers({ projectId: project.id, users: [users[0], ...users.slice(1)] }).unwrap();
      toast.success(t('memberships.internal.done'));
      return true;
    } catch (error) {
      const text = errorText(error, 'adding users to project');
      if (text.includes('already added')) toast.warning(t('memberships.internal.already', { error: text }));
      else toast.error(t('memberships.internal.failed', { error: text }));
      return false;
    }
  };

  const busy = sending.isLoading || signingOff.isLoading || cancelling.isLoading || adding.isLoading;
  return { invite, signOff, cancelInvite, addByUsername, busy };
}
