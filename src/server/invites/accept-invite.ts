/**
 * Accepting an invitation (reference §3.7), in-process and in its decision order. The messages
 * carry the fragments the client matches case-insensitively ('Invitation code expired',
 * 'already assigned to project', 'duplicate key', 'Lead CroRIS project' …), so they must not change.
 */
import type { AppContext } from '@/server/context';
import { registryRules } from '@/schema-runtime';
import { recipientById, type UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import { activeStateNames } from '../projects/active-states';
import { RegistryError } from '../registry/registry-client';
import { lookupRegistryPerson } from '../registry/registry-lookup';
import { registryClientFor } from '../registry/registry-snapshots';
import { inviteByKey, isCancelledKey, lockedInviteState, markInviteAccepted } from './queries';
import { inviteAcceptedNotice } from './invite-mails';
import { sendNotice } from '../mail/notices';
import { joinAsCollaborator } from '../memberships/join-project';
import { findProject, FOREIGN_PERSON, projectTypeRules, type ProjectFacts } from './project-rules';
import { membersOf, projectsOfMember, ROLE } from '@/server/memberships/queries';

/** The answer of a successful acceptance. */
export interface AcceptAnswer {
  status: { code: 201; message: string };
}

/** Keys are 64 lowercase letters and digits; anything else cannot exist. */
const KEY_PATTERN = /^[a-z0-9]{64}$/;

type Invite = { id: number; project_id: number; inviter_id: number | null; person_oib: string; invtype: string; email: string };

const expired = (u: string) => new ApiError('notFound', msg('invitationExpired', { user: u }));
const used = (u: string) => new ApiError('conflict', msg('invitationUsed', { user: u }));

/**
 * Step 1: accepted → "already used"; cancelled by its inviter → "cancelled"; absent or past its
 * days → "expired". (The old portal read a
 * stale key as "used"; users are told the truth instead. An absent key was either cleaned up or
 * never issued, and "expired" is the kinder word for both.)
 */
export async function usableInvite(ctx: AppContext, user: UserRow, key: string): Promise<Invite> {
  const row = !KEY_PATTERN.test(key) ? undefined : await inviteByKey(ctx.db, ctx.schemas, key);
  if (!row) {
    const cancelled = KEY_PATTERN.test(key) && (await isCancelledKey(ctx.db, key));
    throw cancelled ? new ApiError('notFound', msg('invitationCancelled', { user: user.username })) : expired(user.username);
  }
  if (row.accepted) throw used(user.username);
  if (row.expired) throw expired(user.username);
  return row;
}

/** Step 5: someone with the user's OIB (local invitation) or e-mail (foreign) is already on the project. */
async function alreadyAssigned(ctx: AppContext, user: UserRow, invtype: string, projectId: number): Promise<boolean> {
  const match = invtype === 'foreign' ? { column: 'person_mail' as const, value: user.person_mail } : { column: 'person_oib' as const, value: user.person_oib };
  const rows = (await membersOf(ctx.db, [projectId]))
    .filter((m) => m.id === user.id || (match.value ? m[match.column] === match.value : false))
    .map((m) => ({ user_id: m.id, role: m.role }));
  // Without an OIB (or e-mail) to match, the user's own collaborator membership is left to the
  // insert, which answers 'duplicate key' as the reference does.
  return rows.some((r) => r.user_id !== user.id || r.role === ROLE.lead || match.value !== '');
}

/**
 * Registry projects of a person, looked up live. No OIB, or a person the registry does not know,
 * means no projects (students are often not in the registry); a registry that cannot answer is
 * an error, so that an outage never lets someone with registry projects in.
 */
async function liveRegistryProjects(ctx: AppContext, user: UserRow): Promise<{ lead: number; associate: number }> {
  if (!user.person_oib) return { lead: 0, associate: 0 };
  const client = registryClientFor(ctx.config.registry);
  try {
    if (!client) throw new RegistryError('unreachable', '', 'no registry is configured');
    const data = await lookupRegistryPerson(client, user.person_oib, { graceDays: registryRules(ctx.schemas).graceDays });
    return { lead: data.projects_lead_info.length, associate: data.projects_associate_info.length };
  } catch (error) {
    if (error instanceof RegistryError && error.kind === 'notFound') return { lead: 0, associate: 0 };
    const detail = error instanceof Error ? error.message : String(error);
    throw new ApiError('registryUnavailable', msg('inviteRegistryCheckFailed', { user: user.username, detail }));
  }
}

/** Step 7: institutional projects are only for people without registry projects or registry-based access. */
async function checkInstitutional(ctx: AppContext, user: UserRow, project: ProjectFacts): Promise<void> {
  const u = user.username;
  const rules = projectTypeRules(ctx.schemas);
  const others = await projectsOfMember(ctx.db, user.id, { states: activeStateNames(ctx.schemas), except: project.id });
  if (others.some((p) => rules.registryTypes.includes(p.type))) throw new ApiError('forbidden', msg('inviteeHasRegistryProject', { user: u }));
  if (others.some((p) => p.type === rules.institutionalType)) throw new ApiError('forbidden', msg('inviteeHasInstituteProject', { user: u }));
  const registry = await liveRegistryProjects(ctx, user);
  if (registry.lead > 0) throw new ApiError('forbidden', msg('inviteeLeadsRegistryProject', { user: u }));
  if (registry.associate > 0) throw new ApiError('forbidden', msg('inviteeAssociateRegistryProject', { user: u }));
}

/**
 * Accepts an invitation for the signed-in user. Only success and "already assigned" (and the
 * duplicate-key case) use the code up; every other refusal leaves it pending, so the person it
 * was meant for can still use it before it expires.
 *
 * @throws ApiError with the message fragments of reference §3.7, in that order
 */
export async function acceptInvite(ctx: AppContext, user: UserRow, key: string): Promise<AcceptAnswer> {
  const u = user.username;
  const invite = await usableInvite(ctx, user, key);
  const project = await findProject(ctx, ctx.db, invite.project_id);
  if (!project) throw expired(u);
  const rules = projectTypeRules(ctx.schemas);
  const registryBased = rules.registryTypes.includes(project.type);
  const invtype = invite.invtype === 'foreign' ? 'foreign' : 'local';
  const userForeign = user.person_type === FOREIGN_PERSON;

  if (invtype === 'local' && userForeign) throw new ApiError('badRequest', msg('invitationForLocal', { user: u }));
  if (registryBased && invtype === 'foreign' && !userForeign)
    throw new ApiError('badRequest', msg('invitationForForeign', { user: u }));
  if (await alreadyAssigned(ctx, user, invtype, project.id)) {
    await markInviteAccepted(ctx.db, invite.id);
    throw new ApiError('badRequest', msg('alreadyAssigned', { user: u }));
  }
  const uniqueId = user.person_uniqueid || u;
  if (registryBased) {
    const sameOib = invtype === 'local' && invite.person_oib !== '' && invite.person_oib === user.person_oib;
    if (!sameOib && !(invtype === 'foreign' && userForeign))
      throw new ApiError('forbidden', msg('oibMismatch', { user: uniqueId, identifier: project.identifier }));
  }
  if (project.type === rules.institutionalType) await checkInstitutional(ctx, user, project);

  const joined = await ctx.db.transaction().execute(async (trx) => {
    // Re-read under a lock: of two acceptances of one key at the same moment, one wins.
    const current = await lockedInviteState(trx, ctx.schemas, invite.id);
    if (!current) throw expired(u);
    if (current.accepted) throw used(u);
    if (current.expired) throw expired(u);
    await markInviteAccepted(trx, invite.id);
    if (!(await joinAsCollaborator(trx, user.id, project.id))) return false;
    const inviter = invite.inviter_id === null ? undefined : await recipientById(trx, invite.inviter_id);
    // A routine notice: at once or in the inviter's weekly digest, none if they muted the project; staff's copy at once.
    if (inviter) await sendNotice(trx, ctx.schemas, inviteAcceptedNotice(ctx.schemas, { to: inviter, collaborator: user, project }));
    return true;
  });
  if (!joined)
    throw new ApiError('badRequest', msg('invitationDuplicate', { user: u }));
  return { status: { code: 201, message: `${uniqueId} associated to project ${project.identifier}` } };
}
