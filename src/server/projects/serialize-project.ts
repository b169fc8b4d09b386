/**
 * Builds the Project entity (schemas/entities/project.json) from project rows. Members, staff
 * comments and extensions of any number of projects are read in one query each, so a list of
 * thousands of projects costs four queries, not four per project.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, ProjectRow, UserRow } from '@/server/db/tables';
import type {
  Institute,
  LabelValue,
  PersonName,
  PersonRef,
  Project,
  ProjectExtension,
  ProjectTypeName,
  RegistryCollaborator,
  ResourcesNumbers,
  RoleName,
  ScienceFields,
  StaffComment,
  StateName,
  UserProject,
} from '@generated';
import { toUserBrief } from '../users/users';
import { leadsFirst } from '@/server/memberships/queries';

type Db = Kysely<Database> | Transaction<Database>;

/** A project row with the names of its state and type. */
export type ProjectRecord = ProjectRow & { state_name: string; project_type_name: string };

/** What the serialized projects include. */
export interface SerializeOptions {
  /**
   * The staff view: members' OIBs (national ids), those of registry collaborators, and the full
   * reference (username, unique id) of the staff who processed the project. Only staff need them
   * (to look a person up in the registry); other members see each other without OIBs and the
   * processing staff by name only.
   */
  includeOib?: boolean;
  /** Include `userproject_set` (default true). */
  members?: boolean;
  /** Include `staffcomment_set` (default true). */
  comments?: boolean;
  /** Include `extensions` (default true). */
  extensions?: boolean;
}

/** Which projects {@link loadProjects} reads; all given conditions must hold. */
export interface ProjectFilter {
  ids?: readonly number[];
  identifiers?: readonly string[];
  /** Projects this user is a member of … */
  memberId?: number;
  /** … in this role. */
  role?: RoleName;
  /** Projects in one of these states. */
  states?: readonly string[];
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The rows of projects matching `where`, newest submission first, with state and type names. */
export async function loadProjectRecords(db: Db, where: ProjectFilter = {}): Promise<ProjectRecord[]> {
  let query = db
    .selectFrom('projects')
    .innerJoin('states', 'states.id', 'projects.state_id')
    .innerJoin('project_types', 'project_types.id', 'projects.project_type_id')
    .selectAll('projects')
    .select(['states.name as state_name', 'project_types.name as project_type_name']);
  if (where.ids) query = where.ids.length ? query.where('projects.id', 'in', [...where.ids]) : query.where((eb) => eb.val(false));
  if (where.identifiers)
    query = where.identifiers.length ? query.where('projects.identifier', 'in', [...where.identifiers]) : query.where((eb) => eb.val(false));
  if (where.states) query = where.states.length ? query.where('states.name', 'in', [...where.states]) : query.where((eb) => eb.val(false));
  if (where.memberId !== undefined) {
    const memberId = where.memberId;
    const role = where.role;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships')
          .innerJoin('roles', 'roles.id', 'memberships.role_id')
          .select('memberships.id')
          .whereRef('memberships.project_id', '=', 'projects.id')
          .where('memberships.user_id', '=', memberId)
          .$if(role !== undefined, (q) => q.where('roles.name', '=', role!)),
      ),
    );
  }
  return query.orderBy('projects.date_submitted', (ob) => ob.desc().nullsLast()).orderBy('projects.id', 'desc').execute();
}

/** Projects matching `where` as API entities, newest submission first. */
export async function loadProjects(db: Db, where: ProjectFilter = {}, options: SerializeOptions = {}): Promise<Project[]> {
  return serializeProjects(db, await loadProjectRecords(db, where), options);
}

/** One project by identifier, or undefined. */
export async function loadProject(db: Db, identifier: string, options: SerializeOptions = {}): Promise<Project | undefined> {
  const [project] = await loadProjects(db, { identifiers: [identifier] }, options);
  return project;
}

async function membersOf(db: Db, ids: number[], includeOib: boolean): Promise<Map<number, UserProject[]>> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .selectAll('users')
    .select([
      'memberships.project_id',
      'memberships.date_joined as membership_joined',
      'roles.name as role_name',
      'memberships.id as membership_id',
      (eb) => eb.exists(eb.selectFrom('ssh_keys').select('ssh_keys.id').whereRef('ssh_keys.user_id', '=', 'users.id')).as('has_keys'),
    ])
    .where('memberships.project_id', 'in', ids)
    // Leads first, then collaborators in joining order: the member tables show them that way.
    .orderBy(leadsFirst('roles.name'))
    .orderBy('memberships.id')
    .execute();
  const byProject = new Map<number, UserProject[]>();
  for (const row of rows) {
    const { project_id, membership_joined, role_name, membership_id: _id, has_keys, ...user } = row;
    const brief = toUserBrief(user as UserRow, Boolean(has_keys));
    if (!includeOib) delete brief.person_oib;
    const list = byProject.get(project_id) ?? [];
    list.push({ user: brief, project: project_id, role: { name: role_name as RoleName }, date_joined: iso(membership_joined) });
    byProject.set(project_id, list);
  }
  return byProject;
}

async function commentsOf(db: Db, ids: number[], staffView: boolean): Promise<Map<number, StaffComment[]>> {
  const rows = await db
    .selectFrom('staff_comments')
    .select(['project_id', 'comment', 'date', 'comment_by', 'project_state'])
    .where('project_id', 'in', ids)
    .orderBy('date')
    .orderBy('id')
    .execute();
  const byProject = new Map<number, StaffComment[]>();
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? [];
    list.push({
      comment: row.comment,
      date: iso(row.date),
      ...(row.comment_by ? { comment_by: personFor(row.comment_by, staffView)! } : {}),
      project_state: row.project_state,
    });
    byProject.set(row.project_id, list);
  }
  return byProject;
}

/** Extensions of the given projects (all of them when `ids` is undefined), oldest first. */
export async function loadExtensions(db: Db, ids?: readonly number[]): Promise<ProjectExtension[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .selectFrom('extensions')
    .select(['id', 'project_id', 'approved', 'date_end', 'reason', 'date_submitted'])
    .$if(ids !== undefined, (q) => q.where('project_id', 'in', [...ids!]))
    .orderBy('date_submitted')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    project: r.project_id,
    approved: r.approved,
    date_end: r.date_end,
    reason: r.reason,
    date_submitted: iso(r.date_submitted),
  }));
}

/** Who approved, denied or changed a project, as members see it: the name only (the spec's view); staff see the whole reference. */
function personFor(person: unknown, staffView: boolean): PersonRef | PersonName | null {
  if (!person || typeof person !== 'object') return null;
  const ref = person as PersonRef;
  return staffView ? ref : { first_name: ref.first_name, last_name: ref.last_name };
}

function hideOibs(collaborators: RegistryCollaborator[] | null, includeOib: boolean): RegistryCollaborator[] | null {
  if (!collaborators || includeOib) return collaborators;
  return collaborators.map(({ oib: _oib, ...rest }) => rest);
}

/** One row as the entity, given its related lists. */
function toProject(
  row: ProjectRecord,
  related: { members?: UserProject[]; comments?: StaffComment[]; extensions?: ProjectExtension[] },
  includeOib: boolean,
): Project {
  const project: Project = {
    id: row.id,
    pk: row.id,
    identifier: row.identifier,
    name: row.name,
    reason: row.reason,
    institute: row.institute,
    date_submitted: iso(row.date_submitted),
    date_changed: iso(row.date_changed),
    date_start: row.date_start,
    date_end: row.date_end,
    date_approved: iso(row.date_approved),
    is_active: row.is_active,
    state: { name: row.state_name as StateName },
    project_type: { name: row.project_type_name as ProjectTypeName },
    croris_id: row.croris_id,
    croris_identifier: row.croris_identifier,
    croris_title: row.croris_title,
    croris_summary: row.croris_summary,
    croris_type: row.croris_type,
    croris_start: row.croris_start,
    croris_end: row.croris_end,
    croris_lead: typeof row.croris_lead === 'string' ? row.croris_lead : null,
    croris_finance: (row.croris_finance as string[] | null) ?? null,
    croris_institute: (row.croris_institute as Institute[] | null) ?? null,
    croris_collaborators: hideOibs((row.croris_collaborators as RegistryCollaborator[] | null) ?? null, includeOib),
    science_software: (row.science_software as string[] | null) ?? [],
    science_extrasoftware: row.science_extrasoftware,
    science_extrasoftware_help: row.science_extrasoftware_help,
    resources_type: (row.resources_type as LabelValue[] | null) ?? [],
    staff_resources_type: (row.staff_resources_type as LabelValue[] | null) ?? [],
    approved_by: personFor(row.approved_by, includeOib),
    changed_by: personFor(row.changed_by, includeOib),
    denied_by: personFor(row.denied_by, includeOib),
  };
  // Both are required to be well formed by the entity schema; a project stored without them omits them.
  if (Array.isArray(row.science_field) && row.science_field.length) project.science_field = row.science_field as ScienceFields;
  if (row.resources_numbers && typeof row.resources_numbers === 'object') project.resources_numbers = row.resources_numbers as ResourcesNumbers;
  if (related.members) project.userproject_set = related.members;
  if (related.comments) project.staffcomment_set = related.comments;
  if (related.extensions) project.extensions = related.extensions;
  return project;
}

/**
 * Serializes project rows (from {@link loadProjectRecords}) in their order, reading members,
 * staff comments and extensions of all of them in one query each.
 */
export async function serializeProjects(db: Db, rows: readonly ProjectRecord[], options: SerializeOptions = {}): Promise<Project[]> {
  if (rows.length === 0) return [];
  const includeOib = options.includeOib === true;
  const ids = rows.map((r) => r.id);
  const [members, comments, extensions] = await Promise.all([
    options.members === false ? undefined : membersOf(db, ids, includeOib),
    options.comments === false ? undefined : commentsOf(db, ids, includeOib),
    options.extensions === false ? undefined : loadExtensions(db, ids),
  ]);
  const extensionsByProject = new Map<number, ProjectExtension[]>();
  for (const e of extensions ?? []) extensionsByProject.set(e.project, [...(extensionsByProject.get(e.project) ?? []), e]);
  return rows.map((row) =>
    toProject(
      row,
      {
        members: members && (members.get(row.id) ?? []),
        comments: comments && (comments.get(row.id) ?? []),
        extensions: extensions && (extensionsByProject.get(row.id) ?? []),
      },
      includeOib,
    ),
  );
}
