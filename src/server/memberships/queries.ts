/**
 * The membership questions several services ask: who leads a project, does this user, which
 * projects does a user lead or belong to. Asked here once, so that "lead" means the same thing
 * to accounting, readiness, extensions, invitations, mail and project processing.
 */
import { CHANGE, changeRefSql } from '@/server/lists/change-refs';
import type { ListRow } from '@/server/lists/row-store';
import { sql, type RawBuilder, type Insertable } from 'kysely';
import type { RoleName } from '@generated';
import type { Db, Trx } from '@/server/db/handle';
import type { UserRow, MembershipDeparturesTable } from '@/server/db/tables';

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

/**
 * The FROM of a user list's projects: each membership (mb) with its project (p), state (s), role (r)
 * and project type (t).
 */
export const MEMBERSHIP_PROJECTS_FROM = sql`memberships mb JOIN projects p ON p.id = mb.project_id JOIN states s ON s.id = p.state_id
              JOIN roles r ON r.id = mb.role_id JOIN project_types t ON t.id = p.project_type_id`;

/**
 * The clusters' rows of memberships on active projects (GET /api/v1/usersprojects), by membership
 * id: the user, the project with the caller's `amounts`, `tags` and `state` columns (over p and s),
 * and the date joined; only those `where` lets through, and of the `touched` users and projects.
 */
export async function activeProjectMembershipRows(
  db: Db,
  project: { amounts: RawBuilder<unknown>; tags: RawBuilder<unknown>; state: RawBuilder<unknown> },
  where: RawBuilder<unknown>,
  touched: { users: readonly number[]; projects: readonly number[] } | null,
): Promise<ListRow[]> {
  const { rows } = await sql<ListRow>`
        SELECT m.id::text AS key, ARRAY[m.id]::float8[] AS sort, ARRAY[${changeRefSql(CHANGE.user, sql`m.user_id`)}, ${changeRefSql(CHANGE.project, sql`m.project_id`)}] AS deps,
          json_build_object(
          'user', json_build_object('id', u.id, 'person_oib', u.person_oib, 'first_name', u.first_name, 'last_name', u.last_name,
            'person_mail', u.person_mail, 'person_username', u.person_username, 'person_type', u.person_type, 'username', u.username,
            'status', u.status, 'is_active', u.is_active, 'is_staff', u.is_staff, 'is_superuser', u.is_superuser),
          'project', json_build_object('id', p.id, 'identifier', p.identifier, 'is_active', p.is_active, 'name', p.name,
            'institute', p.institute, 'project_type', pt.name, 'resources_numbers', ${project.amounts},
            'staff_resources_type', ${project.tags}, 'state', ${project.state}),
          'date_joined', m.date_joined)::text AS json
        FROM memberships m
          JOIN users u ON u.id = m.user_id
          JOIN projects p ON p.id = m.project_id
          JOIN states s ON s.id = p.state_id
          JOIN project_types pt ON pt.id = p.project_type_id
        WHERE p.is_active
          AND ${touched ? sql`m.id = ANY(ARRAY(SELECT id FROM memberships WHERE user_id = ANY(${touched.users}::int8[]) OR project_id = ANY(${touched.projects}::int8[])))` : sql`true`}
          AND ${where}
        ORDER BY m.id`.execute(db);
  return rows;
}

/** Every membership's id, user, project and role (the triples that must stay unique). */
export async function membershipTriples(db: Db): Promise<{ id: number; user_id: number; project_id: number; role_id: number }[]> {
  return db.selectFrom('memberships').select(['id', 'user_id', 'project_id', 'role_id']).execute();
}

/** The ids of the projects a user is a member of, in any role. */
export async function projectIdsOfMember(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('memberships').select('project_id').where('user_id', '=', userId).execute()).map((r) => r.project_id);
}

/**
 * Removes these users' memberships of a project in the role `role` (the role must be in the
 * roles table); who was removed, with the date they had joined.
 */
export async function removeMembers(db: Db, projectId: number, userIds: readonly number[], role: RoleName): Promise<{ user_id: number; date_joined: Date }[]> {
  const { id: roleId } = await db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow();
  return db
    .deleteFrom('memberships')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', [...userIds])
    .where('role_id', '=', roleId)
    .returning(['user_id', 'date_joined'])
    .execute();
}

/** A departure to record: the membership row is gone, this is what the project timeline shows. */
export type NewDeparture = Insertable<MembershipDeparturesTable>;

/** Records departures from projects. */
export async function addDepartures(db: Db, departures: readonly NewDeparture[]): Promise<void> {
  if (departures.length === 0) return;
  await db.insertInto('membership_departures').values([...departures]).execute();
}

/** The departures from a project (in no particular order), for its timeline. */
export async function departuresOf(db: Db, projectId: number) {
  return db.selectFrom('membership_departures').select(['member', 'role', 'date_joined', 'removed_by', 'date_left']).where('project_id', '=', projectId).execute();
}

/** Members of projects in one of these states who have no SSH key yet, with those projects' codes; by username, then code. */
export async function membersWithoutKeysIn(db: Db, states: readonly string[]): Promise<{ id: number; username: string; identifier: string }[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .select(['u.id', 'u.username', 'p.identifier'])
    .where('s.name', 'in', [...states])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ssh_keys as k').select('k.id').whereRef('k.user_id', '=', 'u.id'))))
    .orderBy('u.username')
    .orderBy('p.identifier')
    .execute();
}

/**
 * Makes `active_members` hold exactly the users `active_members_defined` names; the number of rows
 * added and removed. The caller holds the lock the table's triggers take.
 */
export async function syncActiveMembers(trx: Trx): Promise<number> {
  const { rows } = await sql<{ added: number; removed: number }>`
    WITH defined AS (SELECT DISTINCT user_id FROM active_members_defined),
         added AS (INSERT INTO active_members (user_id) SELECT user_id FROM defined ON CONFLICT DO NOTHING RETURNING user_id),
         removed AS (DELETE FROM active_members m WHERE NOT EXISTS (SELECT 1 FROM defined d WHERE d.user_id = m.user_id) RETURNING user_id)
    SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM removed)::int AS removed`.execute(trx);
  return rows[0].added + rows[0].removed;
}

/** The memberships of these users, newest first (by joining date, then id), each with its project's requested resource types. */
export async function membershipsWithResourceTypes(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('memberships')
    .innerJoin('projects', 'projects.id', 'memberships.project_id')
    .select(['memberships.user_id', 'memberships.project_id', 'projects.resources_type'])
    .where('memberships.user_id', '=', sql<number>`any(${userIds}::int[])`)
    .orderBy('memberships.date_joined', 'desc')
    .orderBy('memberships.id', 'desc')
    .execute();
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

