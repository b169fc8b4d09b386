/**
 * Membership changes without an invitation: the lead signs collaborators off, staff add existing
 * users to internal and workshop projects (spec points 2 "Memberships", 5 "Collaborators", 6).
 */
import type { UsersAddInternalBody, UsersSignoffBody } from '@generated';
import type { AppContext } from '@/server/context';
import type { Trx } from '@/server/db/handle';
import { usersByIds, usersByUsernames, type UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import { personRef } from '../projects/process-project';
import { joinAsCollaborator } from './join-project';
import { projectRecipients, sendNotice } from '../mail/notices';
import { findProject, projectTypeRules, type ProjectFacts } from '../invites/project-rules';
import { addDepartures, isProjectLead, membersOf, removeMembers, ROLE } from '@/server/memberships/queries';

/** A success answer with a message; internal add also lists who was added. */
export interface MembershipAnswer {
  status: { code: 200; message: string };
  added?: string[];
}

async function projectOr404(ctx: AppContext, projectId: number): Promise<ProjectFacts> {
  const project = await findProject(ctx, ctx.db, projectId);
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier: projectId }));
  return project;
}

/**
 * Signs collaborators off a project: only its lead, only while it is active, and only
 * collaborators — a list naming the lead or a non-member is refused whole. Cluster status is
 * left to the inactive-user sweep, which sees whether they still have another active project.
 * Each signed-off member, and every other lead of the project, gets a routine notice.
 *
 * @throws ApiError 404 unknown project; 403 caller not the lead, or project not active;
 *   400 the list names the lead or someone who is not a collaborator
 */
export async function signOffCollaborators(ctx: AppContext, user: UserRow, projectId: number, body: UsersSignoffBody): Promise<MembershipAnswer> {
  const u = user.username;
  const project = await projectOr404(ctx, projectId);
  if (!(await isProjectLead(ctx.db, project.id, user.id)))
    throw new ApiError('forbidden', msg('removeNotAuthorized', { user: u }));
  if (!project.active) throw new ApiError('forbidden', msg('removeInactive', { user: u }));
  const ids = [...new Set(body)];
  const members = await membersOf(ctx.db, [project.id], { userIds: ids });
  if (members.some((m) => m.role === ROLE.lead)) throw new ApiError('badRequest', msg('leadCannotLeave', { user: u }));
  const strangers = ids.filter((id) => !members.some((m) => m.id === id));
  if (strangers.length) throw new ApiError('badRequest', msg('notCollaborators', { user: u, names: strangers.join(', ') }));
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await removeMembers(trx, project.id, ids, ROLE.collaborator);
    if (!removed.length) return;
    // The membership row is gone; the departure is what the project timeline shows.
    const people = await usersByIds(trx, removed.map((r) => r.user_id));
    const by = JSON.stringify(personRef(user));
    await addDepartures(
      trx,
      people.map(({ id, first_name, last_name, username, person_uniqueid }) => ({
        project_id: project.id,
        user_id: id,
        member: JSON.stringify({ first_name, last_name, username, person_uniqueid }),
        role: ROLE.collaborator,
        date_joined: removed.find((r) => r.user_id === id)!.date_joined,
        removed_by: by,
      })),
    );
    await noticeSignOff(ctx, trx, project, user, removed.map((r) => r.user_id));
  });
  return { status: { code: 200, message: `${u} - Users removed from project` } };
}

const fullName = (p: Pick<UserRow, 'first_name' | 'last_name'>) => `${p.first_name} ${p.last_name}`.trim();

/**
 * Routine notices of a sign-off: each signed-off member learns they lost the project, and the
 * project's other leads (not the one who did it) learn who left.
 */
async function noticeSignOff(ctx: AppContext, trx: Trx, project: ProjectFacts, by: UserRow, memberIds: number[]): Promise<void> {
  const members = await usersByIds(trx, memberIds);
  const otherLeads = await projectRecipients(trx, project.id, { leadsOnly: true, except: by.id });
  const about = { project: project.name, identifier: project.identifier, by: fullName(by) };
  for (const member of members) {
    await sendNotice(trx, ctx.schemas, { kind: 'membership-ended', to: member, projectId: project.id, params: about });
    for (const lead of otherLeads)
      await sendNotice(trx, ctx.schemas, { kind: 'member-signed-off', to: lead, projectId: project.id, params: { ...about, member: fullName(member) } });
  }
}

/**
 * Staff add existing users, by username, as collaborators of an internal or workshop project
 * (the types of the staff-only request types). Every username must exist, else nothing is added.
 * Users already on the project — themselves, or someone with the same OIB — are not added again
 * while the others are; the answer is then a 400 naming them with 'already added' (the client
 * shows it as a warning) and `added` listing who did join.
 *
 * @throws ApiError 404 unknown project or usernames; 400 wrong project type or some already added;
 *   403 project not active
 */
export async function addInternalUsers(ctx: AppContext, user: UserRow, projectId: number, body: UsersAddInternalBody): Promise<MembershipAnswer> {
  const u = user.username;
  const project = await projectOr404(ctx, projectId);
  const { staffAddTypes } = projectTypeRules(ctx.schemas);
  if (!staffAddTypes.includes(project.type))
    throw new ApiError('badRequest', msg('directAddTypes', { user: u, types: staffAddTypes.join(', ') }));
  if (!project.active) throw new ApiError('forbidden', msg('addInactive', { user: u }));
  const usernames = [...new Set(body.map((item) => item.value.trim()))];
  const found = await usersByUsernames(ctx.db, usernames);
  const users = usernames.flatMap((name) => found.filter((x) => x.username === name));
  const missing = usernames.filter((name) => !users.some((x) => x.username === name));
  if (missing.length) throw new ApiError('notFound', msg('usersNotFound', { user: u, names: missing.join(', ') }));

  const { added, already } = await ctx.db.transaction().execute(async (trx) => {
    const members = await membersOf(trx, [project.id]);
    const result = { added: [] as string[], already: [] as string[] };
    for (const candidate of users) {
      const onProject = members.some((m) => m.id === candidate.id || (candidate.person_oib !== '' && m.person_oib === candidate.person_oib));
      if (onProject || !(await joinAsCollaborator(trx, candidate.id, project.id))) result.already.push(candidate.username);
      else result.added.push(candidate.username);
    }
    return result;
  });
  if (already.length) {
    const names = already.join(', ');
    throw new ApiError('badRequest', msg(already.length === 1 ? 'alreadyAddedOne' : 'alreadyAddedMany', { user: u, names }), { added, alreadyAdded: already });
  }
  return { status: { code: 200, message: `${u} - Users added to internal project` }, added };
}
