/**
 * Builds the Project entity (schemas/entities/project.json) from project rows. Members, staff
 * comments and extensions of any number of projects are read in one query each, so a list of
 * thousands of projects costs four queries, not four per project.
 */
import type { Db } from '@/server/db/handle';
import type {
  Institute,
  PersonName,
  PersonRef,
  Project,
  ProjectExtension,
  RegistryCollaborator,
  ResourcesNumbers,
  RoleName,
  ScienceFields,
  StaffComment,
  UserProject,
} from '@generated';
import { toUserBrief } from '../users/users';
import { membersOf } from '@/server/memberships/queries';
import { extensionsOf } from '@/server/extensions/queries';
import { projectRecords, staffCommentsOf, type ProjectFilter, type ProjectRecord } from './queries';
import { projectEntity } from './entity';


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

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Projects matching `where` as API entities, newest submission first. */
export async function loadProjects(db: Db, where: ProjectFilter = {}, options: SerializeOptions = {}): Promise<Project[]> {
  return serializeProjects(db, await projectRecords(db, where), options);
}

/** One project by identifier, or undefined. */
export async function loadProject(db: Db, identifier: string, options: SerializeOptions = {}): Promise<Project | undefined> {
  const [project] = await loadProjects(db, { identifiers: [identifier] }, options);
  return project;
}

/** The members of these projects as `userproject_set` lists: leads first, then in joining order (the member tables show them that way). */
async function memberListsOf(db: Db, ids: number[], includeOib: boolean): Promise<Map<number, UserProject[]>> {
  const byProject = new Map<number, UserProject[]>();
  for (const member of await membersOf(db, ids, { leadsFirst: true })) {
    const brief = toUserBrief(member, member.key_count > 0);
    if (!includeOib) delete brief.person_oib;
    const list = byProject.get(member.project_id) ?? [];
    list.push({ user: brief, project: member.project_id, role: { name: member.role as RoleName }, date_joined: iso(member.date_joined) });
    byProject.set(member.project_id, list);
  }
  return byProject;
}

async function commentsOf(db: Db, ids: number[], staffView: boolean): Promise<Map<number, StaffComment[]>> {
  const rows = await staffCommentsOf(db, ids);
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
  const rows = await extensionsOf(db, ids);
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
    ...projectEntity(row, { state: row.state_name, type: row.project_type_name, active: row.is_active }),
    pk: row.id,
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
 * Serializes project rows (from `projectRecords` of projects/queries) in their order, reading members,
 * staff comments and extensions of all of them in one query each.
 */
export async function serializeProjects(db: Db, rows: readonly ProjectRecord[], options: SerializeOptions = {}): Promise<Project[]> {
  if (rows.length === 0) return [];
  const includeOib = options.includeOib === true;
  const ids = rows.map((r) => r.id);
  const [members, comments, extensions] = await Promise.all([
    options.members === false ? undefined : memberListsOf(db, ids, includeOib),
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
