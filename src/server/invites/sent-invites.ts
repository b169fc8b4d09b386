import type { Invite, InviteCancelBody } from '@generated';
import type { AppContext } from '@/server/context';
import type { UserRow } from '@/server/db/tables';
import { ApiError, msg } from '@/server/errors';
import { inviteExpiredSql } from './cleanup';

/** The pending (not accepted) invitations the user sent, oldest first; the key stays secret to the invitee. */
export async function sentInvites(ctx: AppContext, user: UserRow): Promise<Invite[]> {
  const rows = await ctx.db
    .selectFrom('invites')
    .innerJoin('projects as p', 'p.id', 'invites.project_id')
    .select(['invites.email', 'invites.accepted', 'invites.invtype', 'invites.created', 'invites.sent'])
    .select(['p.id as project_id', 'p.identifier', 'p.name'])
    .select(inviteExpiredSql(ctx.schemas).as('expired'))
    .where('invites.inviter_id', '=', user.id)
    .where('invites.accepted', '=', false)
    .orderBy('invites.created')
    .orderBy('invites.id')
    .execute();
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
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('invites')
      .where('email', '=', email.trim().toLowerCase())
      .where('project_id', '=', projectid)
      .where('inviter_id', '=', user.id)
      .where('accepted', '=', false)
      .returning('key')
      .execute();
    if (rows.length)
      await trx.insertInto('cancelled_invites').values(rows.map((r) => ({ key: r.key }))).onConflict((oc) => oc.column('key').doNothing()).execute();
    return rows.length;
  });
  if (deleted === 0) throw new ApiError('notFound', msg('invitationNotFound', { user: user.username }));
}
