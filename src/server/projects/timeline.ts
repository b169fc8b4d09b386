/**
 * A project's history as a timeline (GET projects/{identifier}/timeline), for its lead and staff:
 * submission, approval, denial and staff comments, every recorded edit with what it changed
 * (change_history; automatic ones are authored by "system"), extension requests and their
 * outcome, and members joining (memberships.date_joined) and leaving (membership_departures).
 */
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import type { PersonName, ProjectTimeline, ProjectTimelineEvent } from '@generated';
import { ApiError, msg } from '@/server/errors';
import { SYSTEM_AUTHOR } from './lifecycle';
import { STATE } from './state-rules';
import { departuresOf, membersOf, ROLE } from '@/server/memberships/queries';
import { extensionHistoryOf } from '@/server/extensions/queries';
import { projectHistory, staffCommentsOf } from './queries';

type Event = ProjectTimelineEvent;

/** The name of a stored person (person-ref JSON), or null when none is recorded. */
function nameOf(value: unknown): PersonName | null {
  if (!value || typeof value !== 'object') return null;
  const person = value as Record<string, unknown>;
  return { first_name: String(person.first_name ?? ''), last_name: String(person.last_name ?? '') };
}

const isSystem = (value: unknown) =>
  !!value && typeof value === 'object' && (value as Record<string, unknown>).username === SYSTEM_AUTHOR.username;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The fields whose values differ between two change_history snapshots (state is reported apart). */
function changedFields(previous: Record<string, unknown>, next: Record<string, unknown>) {
  const fields = [...new Set([...Object.keys(previous), ...Object.keys(next)])].filter((f) => f !== 'state' && f !== 'is_active');
  return fields
    .filter((f) => JSON.stringify(previous[f] ?? null) !== JSON.stringify(next[f] ?? null))
    .map((field) => ({ field, previous: previous[field] ?? null, next: next[field] ?? null }));
}

function historyEvent(entry: unknown): Event | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const { previous = {}, next = {}, who, date } = entry as Record<string, unknown>;
  if (typeof date !== 'string') return undefined;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const event: Event = { kind: 'changed', date: iso(date), who: nameOf(who), automatic: isSystem(who), changes: changedFields(before, after) };
  if (before.state !== after.state) Object.assign(event, { stateFrom: String(before.state), stateTo: String(after.state) });
  return event;
}

/** Order of events at the same instant: the cause before its effects. */
const ORDER: Event['kind'][] = ['submitted', 'memberJoined', 'extensionRequested', 'comment', 'denied', 'approved', 'changed', 'extensionApproved', 'extensionDenied', 'memberLeft'];

/**
 * The timeline of project `identifier`, oldest event first.
 *
 * @throws ApiError 404 unknown project; 403 the caller is neither its lead nor staff
 */
export async function projectTimeline(ctx: AppContext, user: UserRow, identifier: string): Promise<ProjectTimeline> {
  const { db } = ctx;
  const project = await projectHistory(db, identifier);
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
  // In joining order: the first lead is the one who submitted the request.
  const members = await membersOf(db, [project.id]);
  const leads = members.filter((m) => m.role === ROLE.lead);
  if (!isAdmin(user) && !leads.some((m) => m.id === user.id))
    throw new ApiError('forbidden', msg('historyLeadOrStaff'));

  const [comments, extensions, departures] = await Promise.all([
    staffCommentsOf(db, [project.id]),
    extensionHistoryOf(db, project.id),
    departuresOf(db, project.id),
  ]);

  const lead = leads[0];
  const events: Event[] = [];
  if (project.date_submitted)
    events.push({ kind: 'submitted', date: iso(project.date_submitted), who: lead ? { first_name: lead.first_name, last_name: lead.last_name } : null });
  if (project.date_approved) events.push({ kind: 'approved', date: iso(project.date_approved), who: nameOf(project.approved_by) });
  for (const c of comments)
    events.push({ kind: c.project_state === STATE.denied ? 'denied' : 'comment', date: iso(c.date), who: nameOf(c.comment_by), comment: c.comment ?? '' });
  for (const entry of (project.change_history as unknown[] | null) ?? []) {
    const event = historyEvent(entry);
    if (event) events.push(event);
  }
  for (const x of extensions) {
    events.push({ kind: 'extensionRequested', date: iso(x.date_submitted), who: lead ? { first_name: lead.first_name, last_name: lead.last_name } : null, comment: x.reason, dateEnd: x.date_end });
    if (x.date_processed)
      events.push({ kind: x.approved ? 'extensionApproved' : 'extensionDenied', date: iso(x.date_processed), who: nameOf(x.processed_by), dateEnd: x.date_end });
  }
  for (const m of members)
    events.push({ kind: 'memberJoined', date: iso(m.date_joined), who: null, member: { first_name: m.first_name, last_name: m.last_name }, role: m.role });
  for (const d of departures) {
    const member = nameOf(d.member) ?? { first_name: '', last_name: '' };
    events.push({ kind: 'memberJoined', date: iso(d.date_joined), who: null, member, role: d.role });
    events.push({ kind: 'memberLeft', date: iso(d.date_left), who: nameOf(d.removed_by), member });
  }

  events.sort((a, b) => a.date.localeCompare(b.date) || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return { identifier: project.identifier, events };
}
