import type { Invite, InviteCancelBody } from '@generated';
import type { AppContext } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import { cancelPendingInvite, pendingInvitesSentBy } from './queries';

/** The pending (not accepted) invitations the user sent, oldest first; the key stays secret to the invitee. */
export async function sentInvites(ctx: AppContext, user: UserRow): Promise<Invite[]> {
  const rows = await pendingInvitesSentBy(ctx.db, ctx.schemas, user.id);
  return rows.map((r) => ({
    email: r.email,
    project: { id: r.project_id, identifier: r.identifier, name: r.name },
    inviter: { id: user.id, first_name: user.first_name, last_name: user.last_name },
    accepted: r.accepted,
    invtype: r.invtype === 'foreign' ? 'foreign' : 'local',
    created: new Date(r.created).toISOString(),
    sent: r.sent === null ? null : new Date(r.sent).toISOString(),
    status: r.expired ? 'expired' : 'valid',
  }));
}

/**
 * Cancels one of the user's pending invitations. The key is remembered, so that its link says the
 * invitation was cancelled.
 *
 * @throws ApiError forbidden for someone else's invitation, notFound when there is no such pending one
 */
export async function cancelInvite(ctx: AppContext, user: UserRow, body: InviteCancelBody): Promise<void> {
  const { email, projectid, inviterid } = body;
  if (inviterid !== user.id) throw new ApiError('forbidden', msg('inviterOnlyCancels', { user: user.username }));
  const deleted = await ctx.db
    .transaction()
    .execute((trx) => cancelPendingInvite(trx, { email: email.trim().toLowerCase(), projectId: projectid, inviterId: user.id }));
  if (deleted === 0) throw new ApiError('notFound', msg('invitationNotFound', { user: user.username }));
}
