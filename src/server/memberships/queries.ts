/**
 * The membership questions several services ask: who leads a project, does this user, which
 * projects does a user lead or belong to. Asked here once, so that "lead" means the same thing
 * to accounting, readiness, extensions, invitations, mail and project processing.
 */
import { sql, type RawBuilder } from 'kysely';
import type { RoleName } from '@generated';
import type { Db } from '@/server/db/handle';
import type { UserRow } from '@/server/db/tables';

/**
 * Membership roles with behaviour of their own; `lead` is checked to be the role rules/roles.json
 * flags `leads` (services/projects/state-rules.ts). Typed by the generated RoleName so a renamed
 * role fails the type check.
 */
export const ROLE = { lead: 'lead', collaborator: 'collaborator' } as const satisfies Record<string, RoleName>;

/**
 * "Leads first" as an ORDER BY term, for a role name column (e.g. `r.name`): every member list
 * shows a project's leads before its other members; what follows is each list's own order.
 */
export function leadsFirst(roleName: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(roleName)} = ${ROLE.lead} DESC`;
}

/** A membership to add: who, where, in which role, and since when. */
export interface NewMember {
  userId: number;
  projectId: number;
  role: RoleName;
  joined?: Date;
}

/**
 * Adds memberships: the one writer of the table (a request's lead, an accepted invitation, the
 * demo). A membership the user already holds in that role is left as it is; one with no date joins
 * now (the column's default). Returns how many were added.
 */
export async function addMembers(db: Db, members: readonly NewMember[]): Promise<number> {
  if (members.length === 0) return 0;
  const names = [...new Set(members.map((m) => m.role))];
  const roles = new Map((await db.selectFrom('roles').select(['id', 'name']).where('name', 'in', names).execute()).map((r) => [r.name, r.id]));
  const rows = members.map((m) => {
    const roleId = roles.get(m.role);
    if (roleId === undefined) throw new Error(`role "${m.role}" is not in the roles table`);
    return { user_id: m.userId, project_id: m.projectId, role_id: roleId, ...(m.joined && { date_joined: m.joined }) };
  });
  const added = await db
    .insertInto('memberships')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'project_id', 'role_id']).doNothing())
    .returning('id')
    .execute();
  return added.length;
}

/** The roles a user holds on a project (usually none or one). */
export async function rolesOn(db: Db, projectId: number, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select('r.name')
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.name);
}

/** Whether the user holds the lead role on the project. */
export async function isProjectLead(db: Db, projectId: number, userId: number): Promise<boolean> {
  return (await rolesOn(db, projectId, userId)).includes(ROLE.lead);
}

/** The project's first lead (the earliest membership), if it has one. */
export async function leadOf(db: Db, projectId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .selectAll('users')
    .where('memberships.project_id', '=', projectId)
    .where('roles.name', '=', ROLE.lead)
    .orderBy('memberships.id')
    .executeTakeFirst();
}

/**
 * The projects a user is a member of (or, with `leadOnly`, leads) whose state is one of `states`,
 * but `except` one project, with the user's role there; by project id. No states means no projects.
 */
export async function projectsOfMember(
  db: Db,
  userId: number,
  options: { states: readonly string[]; leadOnly?: boolean; except?: number },
): Promise<{ id: number; identifier: string; type: string; state: string; role: string }[]> {
  if (options.states.length === 0) return [];
  return db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .innerJoin('project_types as t', 't.id', 'p.project_type_id')
    .select(['p.id', 'p.identifier', 't.name as type', 's.name as state', 'r.name as role'])
    .where('m.user_id', '=', userId)
    .where('s.name', 'in', options.states)
    .$if(options.leadOnly === true, (q) => q.where('r.name', '=', ROLE.lead))
    .$if(options.except !== undefined, (q) => q.where('p.id', '<>', options.except!))
    .orderBy('p.id')
    .execute();
}

/** The ids of the projects a user leads, whatever their state. */
export async function projectIdsLedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select('m.project_id')
    .where('m.user_id', '=', userId)
    .where('r.name', '=', ROLE.lead)
    .execute();
  return rows.map((r) => r.project_id);
}

/** A member of a project: the user's row, with the membership's project, role and date and their key count. */
export type Member = UserRow & { project_id: number; membership_id: number; date_joined: Date; role: string; key_count: number };

/** How `membersOf` narrows and orders the members it reads. */
export interface MembersOptions {
  /** Only the projects' leads. */
  leadsOnly?: boolean;
  /** Leave this user out. */
  except?: number;
  /** Only these users. */
  userIds?: readonly number[];
  /**
   * Leads before the other members (every member list the portal shows), then in joining order
   * (`'joined'`, the default) or by last name, first name (`'name'`).
   */
  leadsFirst?: boolean;
  then?: 'joined' | 'name';
}

/**
 * The members of these projects, by project, in the order `options` asks: the one place a
 * project's members are read, so that "leads first" and "a member" mean the same in every list.
 */
export async function membersOf(db: Db, projectIds: readonly number[], options: MembersOptions = {}): Promise<Member[]> {
  if (projectIds.length === 0 || options.userIds?.length === 0) return [];
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .selectAll('u')
    .select(['m.project_id', 'm.id as membership_id', 'm.date_joined', 'r.name as role'])
    .select((eb) => eb.selectFrom('ssh_keys as k').select(sql<number>`count(*)::int`.as('n')).whereRef('k.user_id', '=', 'u.id').as('key_count'))
    .where('m.project_id', 'in', projectIds)
    .$if(options.leadsOnly === true, (q) => q.where('r.name', '=', ROLE.lead))
    .$if(options.except !== undefined, (q) => q.where('m.user_id', '<>', options.except!))
    .$if(options.userIds !== undefined, (q) => q.where('m.user_id', 'in', options.userIds!))
    .orderBy('m.project_id');
  if (options.leadsFirst) query = query.orderBy(leadsFirst('r.name'));
  if (options.then === 'name') query = query.orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id');
  const rows = await query.orderBy('m.id').execute();
  return rows.map((row) => ({ ...row, key_count: row.key_count ?? 0 }));
}

/** A user's memberships (project, date joined, role name), in the order they were made. */
export async function membershipsOfUser(db: Db, userId: number): Promise<{ project_id: number; date_joined: Date | string; role: string }[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select(['memberships.project_id', 'memberships.date_joined', 'roles.name as role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.id')
    .execute();
}

/**
 * A user's memberships with their projects (for the staff's user detail), leaving out projects in
 * the `hidden` states: newest approval first (never-approved ones last), then by identifier.
 */
export async function membershipsForUserDetail(db: Db, userId: number, hidden: readonly string[]) {
  return db
    .selectFrom('memberships as mb')
    .innerJoin('projects as p', 'p.id', 'mb.project_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .innerJoin('roles as r', 'r.id', 'mb.role_id')
    .innerJoin('project_types as t', 't.id', 'p.project_type_id')
    .select([
      'mb.date_joined', 'r.name as role', 'p.id', 'p.identifier', 'p.name', 'p.institute', 's.name as state',
      't.name as type', 'p.date_approved', 'p.date_start', 'p.date_end', 'p.staff_resources_type', 'p.croris_finance',
    ])
    .where('mb.user_id', '=', userId)
    .$if(hidden.length > 0, (qb) => qb.where('s.name', 'not in', hidden))
    .orderBy(sql`p.date_approved DESC NULLS LAST`)
    .orderBy(sql`p.identifier COLLATE "C"`)
    .execute();
}

/** A user's memberships with their projects, for the user's data export: by project identifier. */
export async function membershipsForExport(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .innerJoin('project_types as t', 't.id', 'p.project_type_id')
    .select(['p.identifier', 'p.name', 's.name as state', 't.name as project_type', 'r.name as role', 'm.date_joined', 'p.date_submitted', 'p.date_start', 'p.date_end'])
    .where('m.user_id', '=', userId)
    .orderBy('p.identifier')
    .execute();
}

/** The projects a user left, for the user's data export: in the order they left. */
export async function departuresForExport(db: Db, userId: number) {
  return db
    .selectFrom('membership_departures as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['p.identifier', 'd.role', 'd.date_joined', 'd.date_left'])
    .where('d.user_id', '=', userId)
    .orderBy('d.date_left')
    .execute();
}
