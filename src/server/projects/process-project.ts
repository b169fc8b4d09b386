/**
 * Staff processing of a request or project (POST projects/{identifier}): the state transition
 * allowed by rules/states.json, the edits, and what approving, denying and extending record.
 */
import type { AppContext } from '@/server/context';
import type { Trx } from '@/server/db/handle';
import { setStatusOn, type UserRow } from '@/server/users/queries';
import { lookupIds } from '@/server/db/vocabularies';
import type { PersonRef, Project, ProjectChangeBody, StateName } from '@generated';
import { ApiError, msg } from '@/server/errors';
import { ensureClusterUsername } from '../users/cluster-username';
import { mailOutcome, type Outcome } from './project-mails';
import { assertEditsValid, editsOf, EDITABLE_FIELDS, type Edits } from './project-edits';
import { assertKnownSoftware, validationError } from './request-checks';
import { leadMailOutcome, type SchemaSet } from '@/schema-runtime';
import { loadProject } from './serialize-project';
import { addStaffComment, changeProject, deleteProjectByIdentifier, lockProjectByIdentifier, projectRecords, type ProjectRecord } from './queries';
import { answerExtension, pendingExtensionOf } from '@/server/extensions/queries';
import { STATE, stateRule } from './state-rules';
import { leadOf } from '@/server/memberships/queries';
import { storeGrants } from '../grants/grants';
import { refreshGrantFigures } from '../grants/grant-status';


const JSON_FIELDS = new Set<string>(['science_field', 'science_software', 'resources_numbers', 'resources_type', 'staff_resources_type']);

/** Who did something, as stored in approved_by / denied_by / changed_by. */
export function personRef(user: UserRow): PersonRef {
  return { first_name: user.first_name, last_name: user.last_name, username: user.username, person_uniqueid: user.person_uniqueid };
}

/** The target state: `state`, or the one true entry of `requestState`, or else the current one. */
function targetState(body: ProjectChangeBody, current: StateName): StateName {
  if (body.state !== undefined && body.requestState !== undefined)
    throw new ApiError('validationFailed', msg('stateGivenTwice'));
  if (body.requestState !== undefined) {
    const chosen = Object.entries(body.requestState).filter(([, on]) => on).map(([name]) => name as StateName);
    if (chosen.length !== 1) throw new ApiError('validationFailed', msg('requestStateNotOne', { count: chosen.length }));
    return chosen[0];
  }
  return body.state ?? current;
}

/** The fields compared in change_history snapshots. */
export function snapshot(row: ProjectRecord, state: string, isActive: boolean, edits: Edits = {}) {
  const fields = Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, edits[f] ?? row[f]]));
  return { ...fields, state, is_active: isActive };
}

/** Closes the pending extension request of a project leaving submit-extend; answers it if one was approved. */
async function closePendingExtension(trx: Trx, projectId: number, approved: boolean, staff: UserRow, now: Date) {
  const pending = await pendingExtensionOf(trx, projectId);
  if (!pending) return undefined;
  await answerExtension(trx, pending.id, { approved, processedBy: JSON.stringify(personRef(staff)), at: now });
  return approved ? pending : undefined;
}

/**
 * What the target state needs (the allOf of api/project-change.json: approving a granted resource
 * type, denying a reason), checked on the change as it takes effect: the target resolved from the
 * current state when the body names none, the granted types the stored ones when it sends none.
 * The request and project variants of the approval message follow the current state.
 */
function assertTargetNeeds(schemas: SchemaSet, body: ProjectChangeBody, target: StateName, granted: unknown[], isRequest: boolean): void {
  const effective = { state: target, staff_resources_type: granted, ...(body.staff_comment !== undefined ? { staff_comment: body.staff_comment } : {}) };
  const issues = schemas.validate('api/project-change', effective).issues.filter((i) => i.path === '/staff_resources_type' || i.path === '/staff_comment');
  if (issues.length === 0) return;
  if (issues[0].key === 'approveNeedsType') throw new ApiError('validationFailed', msg(isRequest ? 'approveNeedsTypeRequest' : 'approveNeedsTypeProject'), { issues });
  if (issues[0].key === 'denyNeedsComment') throw new ApiError('validationFailed', msg('denyNeedsReason'), { issues });
  throw validationError(issues);
}

/**
 * Applies a staff change to the project `identifier` and answers the changed project.
 *
 * @throws ApiError 404 for a missing project, 400 for a transition rules/states.json does not
 *   offer, an approval without a granted resource type, a denial without a reason or edits that
 *   break the request form's rules; nothing is changed then
 */
export async function processProject(ctx: AppContext, staff: UserRow, identifier: string, body: ProjectChangeBody): Promise<Project> {
  const { db, schemas } = ctx;
  if (body.identifier !== undefined && body.identifier !== identifier)
    throw new ApiError('validationFailed', msg('bodyForOtherProject', { body: body.identifier, identifier }));
  const states = await lookupIds(db, 'states');
  const now = new Date();

  await db.transaction().execute(async (trx) => {
    // Locks the row: two staff members saving at once are applied one after the other.
    const locked = await lockProjectByIdentifier(trx, identifier);
    if (locked === undefined) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
    const [row] = await projectRecords(trx, { ids: [locked] });
    const current = stateRule(schemas, row.state_name);
    const target = targetState(body, current.value);
    if (!current.staffOptions.includes(target)) throw new ApiError('validationFailed', msg('transitionNotAllowed', { from: current.value, to: target }));
    const targetRule = stateRule(schemas, target);

    const edits = editsOf(row, body);
    assertEditsValid(schemas, row, edits);
    await assertKnownSoftware(trx, edits.science_software);
    assertTargetNeeds(schemas, body, target, edits.staff_resources_type ?? (row.staff_resources_type as unknown[] | null) ?? [], current.isRequest);
    const comment = body.staff_comment?.trim() ?? '';

    const update: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(edits)) update[field] = JSON_FIELDS.has(field) ? JSON.stringify(value) : value;
    const me = JSON.stringify(personRef(staff));
    const lead = await leadOf(trx, row.id);

    if (current.value === STATE.extensionRequested && target !== STATE.extensionRequested) {
      const extension = await closePendingExtension(trx, row.id, target === STATE.extended, staff, now);
      if (extension) update.date_end = extension.date_end;
    }
    if (target === STATE.approved) {
      if (!row.approved_by) Object.assign(update, { approved_by: me, date_approved: now });
      if (lead) {
        await setStatusOn(trx, lead.id);
        await ensureClusterUsername(trx, lead.id);
      }
    }
    if (target === STATE.denied) {
      update.denied_by = me;
      await addStaffComment(trx, { projectId: row.id, comment, date: now, by: me, projectState: target });
    }
    if (row.approved_by) {
      const entry = {
        previous: snapshot(row, row.state_name, row.is_active),
        next: snapshot(row, target, targetRule.isActive, { ...edits, ...(update.date_end ? { date_end: update.date_end as string } : {}) }),
        who: personRef(staff),
        date: now.toISOString(),
      };
      update.change_history = JSON.stringify([...((row.change_history as unknown[] | null) ?? []), entry]);
      update.changed_by = me;
    }
    await changeProject(trx, row.id, update, { stateId: states.get(target)!, isActive: targetRule.isActive, at: now });
    const granted = (edits.staff_resources_type ?? (row.staff_resources_type as { value: string }[] | null) ?? []).map((r) => r.value);
    await storeGrants(trx, schemas, {
      projectId: row.id,
      projectType: row.project_type_name,
      target,
      firstApproval: !row.approved_by && target === STATE.approved,
      resourceTypes: granted,
      sent: body.staff_grants,
      by: personRef(staff),
      now,
    });
    await refreshGrantFigures(trx, schemas, [row.id], now);

    const outcome: Outcome | undefined = leadMailOutcome(target, current.value, STATE);
    if (body.staff_emailSend === true && outcome && lead)
      await mailOutcome(trx, ctx, {
        outcome,
        lead,
        projectId: row.id,
        identifier: row.identifier,
        granted: ((edits.staff_resources_type ?? row.staff_resources_type ?? []) as { value: string }[]).map((r) => r.value),
        name: (edits.name ?? row.name),
        dateEnd: (update.date_end as string | undefined) ?? edits.date_end ?? row.date_end,
        comment,
      });
  });

  const project = await loadProject(db, identifier, { includeOib: true });
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
  return project;
}

/** Deletes a project with its memberships, comments, extensions and invitations (foreign keys cascade). */
export async function deleteProject(ctx: AppContext, identifier: string): Promise<void> {
  if ((await deleteProjectByIdentifier(ctx.db, identifier)) === 0) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
}
