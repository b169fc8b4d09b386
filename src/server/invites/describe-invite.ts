/**
 * What an invitation is for, before its invitee accepts it (GET invites/{key}/details): the
 * project, who invited, the invited address, and whether that address is one of the signed-in
 * user's. Opening an invitation link joins nobody; accepting is a POST of its own, so a link on
 * another site — or a page opened by mistake — cannot make a signed-in user a member
 * (docs/decisions/0622-invitations-accepted-by-a-click.md).
 */
import type { AppContext } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import { namesOfUser } from '@/server/users/queries';
import { identifierAndNameOfProject } from '@/server/projects/queries';
import type { InviteDetails } from '@generated';
import { usableInvite } from './accept-invite';
import { addressesIn } from '../users/user-addresses';

/**
 * @throws ApiError as accepting would for a key that is unknown, used, cancelled or expired
 */
export async function describeInvite(ctx: AppContext, user: UserRow, key: string): Promise<InviteDetails> {
  const invite = await usableInvite(ctx, user, key);
  const project = await identifierAndNameOfProject(ctx.db, invite.project_id);
  const inviter = invite.inviter_id === null ? undefined : await namesOfUser(ctx.db, invite.inviter_id);
  return {
    project: { identifier: project.identifier, name: project.name },
    inviter: inviter ? { first_name: inviter.first_name, last_name: inviter.last_name } : null,
    email: invite.email,
    addressMatches: addressesIn(user.person_mail, user.croris_mail).includes(invite.email.trim().toLowerCase()),
  };
}
