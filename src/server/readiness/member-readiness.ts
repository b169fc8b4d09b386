/**
 * Member readiness (docs/decisions/0180-member-readiness.md): for every member and pending
 * invitation of a project, where they stand on the way to computing and their single next step.
 * Every fact comes from rows the portal already holds (users, memberships, invites, ssh_keys); the
 * steps, their order, texts and thresholds come from rules/member-readiness.json.
 */
import { sql } from 'kysely';
import type { MemberReadinessAnswer, MemberReadinessAnswerEntry, MemberReadinessAnswerSummary, ReadinessStep } from '@generated';
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import type { SchemaSet } from '@/schema-runtime';
import { schemaIdOf } from '@/schema-runtime';
import { activeStateNames } from '../projects/active-states';
import { FOREIGN_PERSON } from '../invites/project-rules';
import { isProjectLead, membersOf, membersWithoutKeysIn, projectsOfMember } from '@/server/memberships/queries';
import { pendingInvitesOf } from '@/server/invites/queries';
import { projectWithState } from '@/server/projects/queries';

const DAY_MS = 86_400_000;
export const READINESS_RULES = schemaIdOf('rules/member-readiness');

/** One step of rules/member-readiness.json with its annotations. */
export interface ReadinessRule {
  value: ReadinessStep;
  stuck: boolean;
  blocksComputing: boolean;
  resend: boolean;
  afterDays?: number;
  label: { hr: string; en: string };
}

/** The steps in the schema's order. */
export function readinessRules(schemas: Pick<SchemaSet, 'vocabulary'>): ReadinessRule[] {
  return schemas.vocabulary<Omit<ReadinessRule, 'value'>>(READINESS_RULES) as ReadinessRule[];
}

/** What is known of a member or an invitation. */
export interface ReadinessFacts {
  invite?: { created: Date; sent: Date | null; expired: boolean };
  member?: { isActive: boolean; status: boolean; clusterUsername: string; sshKeys: number };
}

/** The first step that applies, and the days its text names. */
export function nextStep(rules: readonly ReadinessRule[], facts: ReadinessFacts, now: Date): { rule: ReadinessRule; days: number | null } {
  const rule = (value: ReadinessStep) => {
    const found = rules.find((r) => r.value === value);
    if (!found) throw new Error(`rules/member-readiness has no step ${value}`);
    return found;
  };
  if (facts.invite) {
    const { created, sent, expired } = facts.invite;
    const since = Math.floor((now.getTime() - (sent ?? created).getTime()) / DAY_MS);
    if (expired) return { rule: rule('invite-expired'), days: since };
    const unanswered = rule('invite-unanswered');
    if (since >= (unanswered.afterDays ?? Infinity)) return { rule: unanswered, days: since };
    return { rule: rule('invite-pending'), days: null };
  }
  const m = facts.member!;
  if (!m.isActive || !m.status) return { rule: rule('account-inactive'), days: null };
  if (!m.clusterUsername) return { rule: rule('no-cluster-username'), days: null };
  if (m.sshKeys === 0) return { rule: rule('no-ssh-key'), days: null };
  return { rule: rule('ready'), days: null };
}

const fill = (text: string, days: number | null) => text.split('{{days}}').join(String(days ?? ''));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** How a user signs in: eduGAIN (foreign), a local password, or the national federation. */
export function signInOf(user: { person_type: string; has_password: boolean }): 'aai' | 'edugain' | 'password' {
  if (user.person_type === FOREIGN_PERSON) return 'edugain';
  return user.has_password ? 'password' : 'aai';
}

/** Readiness of the members and pending invitations of the projects with these ids. */
async function readinessOfProjects(ctx: AppContext, projectIds: number[]): Promise<Map<number, MemberReadinessAnswerEntry[]>> {
  const byProject = new Map<number, MemberReadinessAnswerEntry[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return byProject;
  const rules = readinessRules(ctx.schemas);
  const days = ctx.schemas.constants.inviteExpiryDays;
  const [members, invites, clock] = await Promise.all([
    membersOf(ctx.db, projectIds, { leadsFirst: true, then: 'name' }),
    pendingInvitesOf(ctx.db, projectIds, days),
    // Days are counted on the database clock, as invitation expiry is.
    sql<{ now: Date }>`select now() as now`.execute(ctx.db),
  ]);
  const now = new Date(clock.rows[0].now);
  const entry = (facts: ReadinessFacts, fields: Omit<MemberReadinessAnswerEntry, 'step' | 'stuck' | 'blocksComputing' | 'resend' | 'days' | 'text'>) => {
    const { rule, days: n } = nextStep(rules, facts, now);
    return {
      ...fields,
      step: rule.value,
      stuck: rule.stuck,
      blocksComputing: rule.blocksComputing,
      resend: rule.resend,
      days: n,
      text: { hr: fill(rule.label.hr, n), en: fill(rule.label.en, n) },
    };
  };
  for (const m of members) {
    const sshKeys = m.key_count;
    byProject.get(m.project_id)!.push(
      entry(
        { member: { isActive: m.is_active, status: m.status, clusterUsername: m.person_username, sshKeys } },
        {
          kind: 'member',
          inviteId: null,
          userId: m.id,
          username: m.username,
          first_name: m.first_name,
          last_name: m.last_name,
          email: m.person_mail,
          role: m.role,
          invitedAt: null,
          sentAt: null,
          resent: false,
          inviteExpired: false,
          joinedAt: iso(m.date_joined),
          signIn: signInOf({ person_type: m.person_type, has_password: m.password_hash !== null }),
          lastLogin: iso(m.last_login),
          sshKeys,
          accountActive: m.is_active && m.status,
          clusterUsername: m.person_username,
        },
      ),
    );
  }
  for (const i of invites) {
    const created = new Date(i.created);
    const sent = i.sent === null ? null : new Date(i.sent);
    byProject.get(i.project_id)!.push(
      entry(
        { invite: { created, sent, expired: i.expired } },
        {
          kind: 'invite',
          inviteId: i.id,
          userId: null,
          username: null,
          first_name: '',
          last_name: '',
          email: i.email,
          role: null,
          invitedAt: created.toISOString(),
          sentAt: iso(sent),
          // A re-send writes `sent` later than `created` (a first send writes both in one moment).
          resent: sent !== null && sent.getTime() - created.getTime() > 1000,
          inviteExpired: i.expired,
          joinedAt: null,
          signIn: null,
          lastLogin: null,
          sshKeys: 0,
          accountActive: false,
          clusterUsername: '',
        },
      ),
    );
  }
  return byProject;
}

/**
 * Readiness of one project's people, for its lead and staff.
 *
 * @throws ApiError 404 unknown project; 403 the caller is neither its lead nor staff
 */
export async function projectReadiness(ctx: AppContext, user: UserRow, identifier: string): Promise<MemberReadinessAnswer> {
  const project = await projectWithState(ctx.db, identifier);
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
  if (!isAdmin(user) && !(await isProjectLead(ctx.db, project.id, user.id))) throw new ApiError('forbidden', msg('readinessLeadOnly'));
  const people = (await readinessOfProjects(ctx, [project.id])).get(project.id)!;
  return {
    project: { id: project.id, identifier: project.identifier, name: project.name, active: activeStateNames(ctx.schemas).includes(project.state) },
    people,
    stuck: people.filter((p) => p.stuck).length,
  };
}

/** For each active project the caller leads: how many of its people are stuck and how many cannot compute yet. */
export async function leadReadinessSummary(ctx: AppContext, user: UserRow): Promise<MemberReadinessAnswerSummary> {
  const projects = await projectsOfMember(ctx.db, user.id, { states: activeStateNames(ctx.schemas), leadOnly: true });
  const byProject = await readinessOfProjects(ctx, projects.map((p) => p.id));
  return projects.map((p) => {
    const people = byProject.get(p.id)!;
    return { identifier: p.identifier, stuck: people.filter((x) => x.stuck).length, blocked: people.filter((x) => x.kind === 'member' && x.blocksComputing).length };
  });
}

/** The filters of GET users/readiness. */
export const STAFF_READINESS_FILTERS = ['no-key-active'] as const;
export type StaffReadinessFilter = (typeof STAFF_READINESS_FILTERS)[number];

/** Staff: members of active projects who have no SSH key yet, with those projects' identifiers. */
export async function membersWithoutKeys(ctx: AppContext) {
  const rows = await membersWithoutKeysIn(ctx.db, activeStateNames(ctx.schemas));
  const users = new Map<number, { id: number; username: string; projects: string[] }>();
  for (const r of rows) {
    const user = users.get(r.id) ?? { id: r.id, username: r.username, projects: [] };
    user.projects.push(r.identifier);
    users.set(r.id, user);
  }
  return { filter: 'no-key-active' as const, users: [...users.values()] };
}
