/**
 * Re-sending a pending invitation (POST invites-sent/:id/resend, docs/decisions/0180-member-readiness.md):
 * the project's lead or staff mail it once more through the outbox. A still valid invitation keeps
 * its code and its validity starts again; an expired one gets a fresh code (as sending anew to an
 * expired address does), so an old link never comes back to life. Counts against INVITES_PER_HOUR.
 */
import { languageOfAddress } from '../mail/mail-templates';
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import { namesOfUser, type UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import { enqueueMail } from '../mail/outbox';
import { inviteProjectOf, lockedInviteToResend, recordInviteSends, renewInvite } from './queries';
import { invitationMail, inviteUrl } from './invite-mails';
import { findProject } from './project-rules';
import { isProjectLead } from '@/server/memberships/queries';
import { checkInviteCap, newInviteKey } from './send-invites';

/** The answer of a re-send. */
export interface ResendAnswer {
  status: { code: 200; message: string };
  email: string;
  renewed: boolean;
}

/**
 * Mails a pending invitation again, once.
 *
 * @throws ApiError 404 no such pending invitation, or the caller is neither the project's lead nor
 *   staff (the same answer, so that invitation ids cannot be counted); 403 the project is not
 *   active (told only to its lead and staff); 429 the hourly invitation cap is reached
 */
export async function resendInvite(ctx: AppContext, user: UserRow, inviteId: number): Promise<ResendAnswer> {
  const u = user.username;
  const invite = await inviteProjectOf(ctx.db, inviteId);
  if (!invite || invite.accepted) throw new ApiError('notFound', msg('invitationNotFound', { user: u }));
  const project = await findProject(ctx, ctx.db, invite.project_id);
  if (!project) throw new ApiError('notFound', msg('invitationNotFound', { user: u }));
  // Someone else's invitation is answered as a missing one: the ids must not be countable.
  if (!isAdmin(user) && !(await isProjectLead(ctx.db, project.id, user.id)))
    throw new ApiError('notFound', msg('invitationNotFound', { user: u }));
  if (!project.active) throw new ApiError('forbidden', msg('inviteInactive', { user: u }));

  return ctx.db.transaction().execute(async (trx) => {
    await checkInviteCap(ctx, trx, user, 1);
    // Re-read under a lock: an acceptance or a cancellation in between wins.
    const row = await lockedInviteToResend(trx, ctx.schemas, inviteId);
    if (!row || row.accepted) throw new ApiError('notFound', msg('invitationNotFound', { user: u }));
    const key = row.expired ? newInviteKey() : row.key;
    await renewInvite(trx, row.id, key);
    // The mail names who invited; staff re-sending keep the lead's name in it.
    const inviter = row.inviter_id === null ? user : ((await namesOfUser(trx, row.inviter_id)) ?? user);
    // As when first sent: an address that belongs to a user gets their interface language.
    const lang = await languageOfAddress(trx, row.email, row.invtype === 'foreign' ? 'en' : 'hr');
    const url = inviteUrl(ctx.config.publicUrl, key, lang);
    await enqueueMail(trx, invitationMail(ctx.schemas, { to: row.email, lang, inviter, projectName: project.name, url }), ctx.schemas);
    await recordInviteSends(trx, user.id, 1);
    return { status: { code: 200 as const, message: `${u} - Invitation sent again` }, email: row.email, renewed: row.expired };
  });
}
