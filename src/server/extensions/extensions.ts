/**
 * Extension requests: the lists of a caller's (or every) project's extensions and a lead's
 * request to move a project's end, which files the extension, moves the project to the state
 * flagged `extensionRequest` in rules/states.json and writes the staff mail in one transaction.
 */
import { addDays, addMonths, format, parseISO } from 'date-fns';
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import type { ExtensionNewBody, ProjectExtension } from '@generated';
import { lookupIds } from '@/server/db/vocabularies';
import { ApiError, msg } from '@/server/errors';
import { mailExtensionRequested } from '../projects/project-mails';
import { loadExtensions } from '../projects/serialize-project';
import { lockProjectForExtension, projectExists, setProjectState } from '@/server/projects/queries';
import { addExtensionRequest } from './queries';
import { stateRule } from '../projects/state-rules';
import { isProjectLead, projectIdsOfMember } from '@/server/memberships/queries';
import { allowsExtension, extensionRequestState, SCHEMA_IDS, type StateBehaviourEntry } from '@/schema-runtime';

/** The extensions of the caller's projects (staff: of every project). */
export async function listExtensions(ctx: AppContext, user: UserRow): Promise<ProjectExtension[]> {
  return isAdmin(user) ? loadExtensions(ctx.db) : loadExtensions(ctx.db, await projectIdsOfMember(ctx.db, user.id));
}

/**
 * The extensions of one project, for its members and staff.
 *
 * @throws ApiError 404 for a missing project, 403 for a caller who is neither member nor staff
 */
export async function listProjectExtensions(ctx: AppContext, user: UserRow, projectId: number): Promise<ProjectExtension[]> {
  if (!(await projectExists(ctx.db, projectId))) throw new ApiError('notFound', msg('projectNotFound', { identifier: projectId }));
  if (!isAdmin(user) && !(await projectIdsOfMember(ctx.db, user.id)).includes(projectId))
    throw new ApiError('forbidden', msg('extensionMembersOnly'));
  return loadExtensions(ctx.db, [projectId]);
}

/**
 * Files the lead's extension request for `projectId` (body already valid against
 * api/extension-new) and answers the stored extension. Nothing is written unless every check passes.
 *
 * @throws ApiError 404 for a missing project, 403 for a caller who does not lead it, 400 for a
 *   state whose leadOptions do not offer an extension, a project with no end date or a new end
 *   outside the allowed range
 */
export async function requestExtension(ctx: AppContext, user: UserRow, projectId: number, body: ExtensionNewBody): Promise<ProjectExtension> {
  const { db, schemas, config } = ctx;
  const apiDate = schemas.constants.apiDateFormat;
  const reason = body.reason.trim();
  const stateIds = await lookupIds(db, 'states');

  const extension = await db.transaction().execute(async (trx) => {
    // Locked so that two extension requests (or a staff change) cannot interleave.
    const project = await lockProjectForExtension(trx, projectId);
    if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier: projectId }));
    if (!(await isProjectLead(trx, projectId, user.id))) throw new ApiError('forbidden', msg('extensionLeadOnly'));
    const states = schemas.vocabulary<StateBehaviourEntry>(SCHEMA_IDS.states);
    if (!allowsExtension(states, project.state_name))
      throw new ApiError('validationFailed', msg('extensionWrongState', { state: project.state_name }));
    if (!project.date_end) throw new ApiError('validationFailed', msg('extensionNoEndDate'));

    const graceMonths = config.graceMonths ?? schemas.constants.graceMonthsFallback;
    const currentEnd = parseISO(project.date_end);
    const earliest = format(addDays(currentEnd, 1), apiDate);
    const latest = format(addMonths(currentEnd, graceMonths), apiDate);
    const wanted = body.date_end;
    if (wanted < earliest || wanted > latest)
      throw new ApiError('validationFailed', msg('extensionDateRange', { earliest, latest, months: graceMonths, end: project.date_end }), {
        issues: [{ path: '/date_end', key: wanted < earliest ? 'dateTooEarly' : 'dateTooLate', params: { limit: wanted < earliest ? earliest : latest } }],
      });

    const row = await addExtensionRequest(trx, { projectId, reason, dateEnd: wanted });
    const target = stateRule(schemas, extensionRequestState(states));
    await setProjectState(trx, projectId, stateIds.get(target.value)!, target.isActive);
    await mailExtensionRequested(trx, ctx, { identifier: project.identifier, name: project.name, dateEnd: wanted, reason, lead: user });
    return row;
  });
  return {
    id: extension.id,
    project: extension.project_id,
    approved: extension.approved,
    date_end: extension.date_end,
    reason: extension.reason,
    date_submitted: new Date(extension.date_submitted).toISOString(),
  };
}
