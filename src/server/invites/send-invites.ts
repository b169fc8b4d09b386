/**
 * Sending invitations (reference §3.6, with the spec's rules on top): only the lead of an active
 * project invites; on registry-based projects local invitations go only to the collaborators the
 * registry lists for that project and carry their OIB; the invitations and their mails are
 * written in one transaction.
 */
import { randomInt } from 'node:crypto';
import type { InvitesNewBody, RegistryCollaborator } from '@generated';
import type { AppContext } from '@/server/context';
import type { Trx } from '@/server/db/handle';
import { lockUserRow, type UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import { enqueueMail } from '../mail/outbox';
import { getRegistryInfo } from '../registry/registry-snapshots';
import { deleteInvites, insertInvite, inviteSendsSince, lockedInvitesTo, recordInviteSends } from './queries';
import { invitationMail, inviteUrl } from './invite-mails';
import { languageOfAddress } from '../mail/mail-templates';
import { findProject, projectTypeRules, type ProjectFacts } from './project-rules';
import { membersOf, ROLE, rolesOn } from '@/server/memberships/queries';

/** Invitation keys: long enough that guessing one is hopeless (reference §1.12). */
const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 64;

/** Why an address got no invitation. */
export const SKIP_REASONS = {
  listedTwice: 'listed twice',
  notInRegistry: 'not a collaborator of this project in CroRIS',
  foreignNotAllowed: 'foreign collaborators cannot be invited to this type of project',
  alreadyMember: 'already a member of the project',
  alreadyInvited: 'already invited',
  alreadyAccepted: 'invitation already accepted',
} as const;

/** An address that got no invitation, and why. */
export interface SkippedAddress {
  email: string;
  reason: (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];
}

/** The answer of POST invites/. */
export interface InvitesAnswer {
  status: { code: 200; message: string };
  sent: string[];
  skipped: SkippedAddress[];
}

interface Planned {
  email: string;
  invtype: 'local' | 'foreign';
  person_oib: string;
}

/** 64 random lowercase letters and digits from the system's CSPRNG. */
export function newInviteKey(): string {
  let key = '';
  for (let i = 0; i < KEY_LENGTH; i += 1) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

const normalise = (email: string) => email.trim().toLowerCase();

/** Addresses of registry collaborators (a registry email field may hold several, ';'-joined) → their OIB. */
function registryAddresses(collaborators: readonly RegistryCollaborator[]): Map<string, string> {
  const byEmail = new Map<string, string>();
  for (const c of collaborators)
    for (const part of (c.email ?? '').split(';')) {
      const email = normalise(part);
      if (email && !byEmail.has(email)) byEmail.set(email, c.oib ?? '');
    }
  return byEmail;
}

/**
 * The project is the one named by the identifier and, when the body gives it, the database id,
 * which must then name the same project (the current web client sends the identifier alone from
 * the membership page of registry-based projects). The caller must be its lead, and it must be active.
 */
async function checkCaller(ctx: AppContext, user: UserRow, body: InvitesNewBody): Promise<ProjectFacts> {
  const u = user.username;
  const { projectid } = body;
  const project = await findProject(ctx, ctx.db, projectid ?? { identifier: body.project });
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier: projectid ?? body.project }));
  if (projectid !== undefined && project.identifier !== body.project)
    throw new ApiError('badRequest', msg('projectsDiffer', { project: body.project, projectid }));
  const roles = await rolesOn(ctx.db, project.id, user.id);
  if (roles.length === 0) throw new ApiError('forbidden', msg('inviteNotAllowed', { user: u }));
  if (!roles.includes(ROLE.lead)) throw new ApiError('forbidden', msg('inviteLeadOnly', { user: u }));
  if (!project.active) throw new ApiError('forbidden', msg('inviteInactive', { user: u }));
  return project;
}

/** Local addresses of a registry-based project, checked against the lead's registry data. */
async function planRegistryLocal(ctx: AppContext, user: UserRow, project: ProjectFacts, emails: string[], plan: Planned[], skipped: SkippedAddress[]) {
  if (emails.length === 0) return;
  // The snapshot the lead's page showed, looked up again only when missing or stale.
  const info = await getRegistryInfo(ctx, user.person_oib);
  if (!info.data)
    throw new ApiError('registryUnavailable', msg('inviteRegistryUnavailable', { user: user.username, detail: info.status.message }));
  const listed = registryAddresses(project.croris_id === null ? [] : info.data.projects_lead_users[String(project.croris_id)] ?? []);
  for (const email of emails) {
    const oib = listed.get(email);
    if (oib === undefined) skipped.push({ email, reason: SKIP_REASONS.notInRegistry });
    else plan.push({ email, invtype: 'local', person_oib: oib });
  }
}

/** Decides, before anything is written, which addresses get which kind of invitation. */
async function planInvites(ctx: AppContext, user: UserRow, project: ProjectFacts, body: InvitesNewBody) {
  const rules = projectTypeRules(ctx.schemas);
  const seen = new Set<string>();
  const skipped: SkippedAddress[] = [];
  const unique = (list: InvitesNewBody['collaboratorEmails']) =>
    (list ?? []).map((e) => normalise(e.value)).filter((email) => {
      if (!seen.has(email)) {
        seen.add(email);
        return true;
      }
      skipped.push({ email, reason: SKIP_REASONS.listedTwice });
      return false;
    });
  const local = unique(body.collaboratorEmails);
  const foreign = unique(body.foreignCollaboratorEmails);
  if (local.length + foreign.length === 0) throw new ApiError('validationFailed', msg('noAddresses'));

  const plan: Planned[] = [];
  if (rules.registryTypes.includes(project.type)) await planRegistryLocal(ctx, user, project, local, plan, skipped);
  else plan.push(...local.map((email) => ({ email, invtype: 'local' as const, person_oib: '' })));
  if (rules.foreignInviteTypes.includes(project.type)) plan.push(...foreign.map((email) => ({ email, invtype: 'foreign' as const, person_oib: '' })));
  else skipped.push(...foreign.map((email) => ({ email, reason: SKIP_REASONS.foreignNotAllowed })));
  return { plan, skipped };
}

/**
 * The hourly cap (INVITES_PER_HOUR) on invitation mails per sender, counted under a lock on the
 * sender's row so that parallel calls cannot both pass. Runs inside the caller's transaction.
 *
 * @throws ApiError 429 when `count` more mails would pass the cap
 */
export async function checkInviteCap(ctx: AppContext, trx: Trx, user: UserRow, count: number): Promise<void> {
  await lockUserRow(trx, user.id);
  const cap = ctx.config.invitesPerHour;
  const n = await inviteSendsSince(trx, user.id, new Date(Date.now() - 3600_000));
  if (n + count > cap)
    throw new ApiError('tooManyInvitations', msg('inviteCap', { user: user.username, cap, left: Math.max(0, cap - n) }), {
      limit: cap,
      remaining: Math.max(0, cap - n),
    });
}

/**
 * Sends the invitations of POST invites/: one row and one mail per address, all in one
 * transaction. An address that cannot be invited is skipped and reported (`skipped`) without
 * failing the others; an expired earlier invitation of the same address is replaced.
 *
 * @throws ApiError 404 unknown project; 400 identifier/id mismatch (when the id is given), no addresses, or nothing
 *   left to send (the answer then lists `skipped`); 403 not the lead, or the project is not
 *   active; 502 the registry data of a registry-based project cannot be read
 */
export async function sendInvites(ctx: AppContext, user: UserRow, body: InvitesNewBody): Promise<InvitesAnswer> {
  const project = await checkCaller(ctx, user, body);
  const { plan, skipped } = await planInvites(ctx, user, project, body);

  const sent = await ctx.db.transaction().execute(async (trx) => {
    await checkInviteCap(ctx, trx, user, plan.length);
    const emails = plan.map((p) => p.email);
    const members = emails.length === 0 ? [] : await membersOf(trx, [project.id]);
    const memberMails = new Set(members.map((m) => normalise(m.person_mail)));
    const existing = emails.length === 0 ? [] : await lockedInvitesTo(trx, ctx.schemas, project.id, emails);
    const stale = existing.filter((e) => !e.accepted && e.expired);
    if (stale.length) await deleteInvites(trx, stale.map((e) => e.id));
    const blocking = new Map(existing.filter((e) => !stale.includes(e)).map((e) => [e.email, e.accepted]));

    const done: string[] = [];
    for (const p of plan) {
      if (memberMails.has(p.email)) {
        skipped.push({ email: p.email, reason: SKIP_REASONS.alreadyMember });
        continue;
      }
      if (blocking.has(p.email)) {
        skipped.push({ email: p.email, reason: blocking.get(p.email) ? SKIP_REASONS.alreadyAccepted : SKIP_REASONS.alreadyInvited });
        continue;
      }
      const key = newInviteKey();
      // A concurrent invitation of the same address wins the unique (project, email); this one is skipped.
      const row = await insertInvite(trx, { key, email: p.email, project_id: project.id, inviter_id: user.id, sent: new Date(), person_oib: p.person_oib, invtype: p.invtype });
      if (!row) {
        skipped.push({ email: p.email, reason: SKIP_REASONS.alreadyInvited });
        continue;
      }
      // An address that belongs to a user gets their interface language; a new one English when foreign.
      const lang = await languageOfAddress(trx, p.email, p.invtype === 'foreign' ? 'en' : 'hr');
      const url = inviteUrl(ctx.config.publicUrl, key, lang);
      await enqueueMail(trx, invitationMail(ctx.schemas, { to: p.email, lang, inviter: user, projectName: project.name, url }), ctx.schemas);
      done.push(p.email);
    }
    if (done.length > 0) await recordInviteSends(trx, user.id, done.length);
    if (done.length === 0) {
      const list = skipped.map((s) => `${s.email} (${s.reason})`).join(', ');
      throw new ApiError('badRequest', msg('noInvitationsSent', { user: user.username, list }), { sent: [], skipped });
    }
    return done;
  });
  return { status: { code: 200, message: 'Invitations sent' }, sent, skipped };
}
