/**
 * The only module that names the tables of projects/ (projects, project_counter, staff_comments, project_notices, states, project_types, active_states): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { CHANGE, changeRefSql } from '@/server/lists/change-refs';
import { sql, type RawBuilder, type Insertable } from 'kysely';
import type { Db, Trx } from '@/server/db/handle';
import type { RoleName } from '@generated';
import type { ProjectRow, ProjectsTable } from '@/server/db/tables';

export type { ProjectRow } from '@/server/db/tables';

/** Identifier, name and end date of some projects, ordered by identifier (the grant status). */
export async function projectEndsOf(
  db: Db,
  projectIds: number[],
): Promise<{ id: number; identifier: string; name: string; date_end: string | null }[]> {
  return db.selectFrom('projects').select(['id', 'identifier', 'name', 'date_end']).where('id', 'in', projectIds).orderBy('identifier').execute();
}

/**
 * Writes the largest share of granted hours used and the earliest run-out date on project rows,
 * changing only rows whose figures moved (an unchanged row leaves the staff list's cached answer valid).
 */
export async function keepProjectGrantFigures(db: Db, figures: readonly { id: number; used: number | null; runs_out: string | null }[]): Promise<void> {
  await sql`
    UPDATE projects p SET grant_used_percent = f.used, grant_runs_out = f.runs_out
    FROM jsonb_to_recordset(${JSON.stringify(figures)}::jsonb) AS f(id integer, used float8, runs_out date)
    WHERE p.id = f.id AND (p.grant_used_percent IS DISTINCT FROM f.used OR p.grant_runs_out IS DISTINCT FROM f.runs_out)`.execute(db);
}

/** Of some projects, the ids of those in one of the given states. */
export async function projectIdsInStates(db: Db, projectIds: number[], stateNames: string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('projects')
    .innerJoin('states', 'states.id', 'projects.state_id')
    .select('projects.id')
    .where('states.name', 'in', stateNames)
    .where('projects.id', 'in', projectIds)
    .execute();
  return rows.map((p) => p.id);
}

/** An approved project as the clusters' accounting reads it, before the operator's names are applied. */
export interface ProjectUsersRow {
  key: string;
  sort: number[];
  deps: string[];
  id: number;
  identifier: string;
  date_from: string | null;
  date_end: string | null;
  date_approved: string | null;
  type: string;
  name: string;
  institute: string;
  croris_id: number | null;
  croris_finance: unknown;
  science_field: unknown;
  approved_resources: string[];
  users: unknown[];
}

/**
 * The projects in `states` (GET /api/v1/accounting/projectsusers), by id, with science fields as
 * plain names, the caller's `tags` column (over p) and people; only those `where` lets through.
 */
export async function projectsUsersRows(db: Db, states: readonly string[], tags: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<ProjectUsersRow[]> {
  const { rows } = await sql<ProjectUsersRow>`
        SELECT p.id::text AS key, ARRAY[p.id]::float8[] AS sort,
          ARRAY[${changeRefSql(CHANGE.project, sql`p.id`)}] || (SELECT coalesce(array_agg(DISTINCT ${changeRefSql(CHANGE.user, sql`m.user_id`)}), '{}') FROM memberships m WHERE m.project_id = p.id) AS deps,
          p.id, p.identifier, p.date_start AS date_from, p.date_end, to_char(p.date_approved, 'YYYY-MM-DD') AS date_approved,
          pt.name AS type, p.name, p.institute, p.croris_id, p.croris_finance,
          (SELECT coalesce(jsonb_agg(jsonb_build_object('name', d->'name'->>'value', 'percent', d->'percent',
              'scientificfields', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', f->'name'->>'value', 'percent', f->'percent')), '[]'::jsonb)
                                   FROM jsonb_array_elements(coalesce(d->'scientificfields', '[]'::jsonb)) AS sf(f)))), '[]'::jsonb)
           FROM jsonb_array_elements(coalesce(p.science_field, '[]'::jsonb)) AS sd(d)) AS science_field,
          ${tags} AS approved_resources,
          (SELECT coalesce(json_agg(json_build_object('id', u.id, 'uid', u.person_uniqueid, 'ime', u.first_name, 'prezime', u.last_name,
              'mail', u.person_mail, 'ustanova', u.person_institution) ORDER BY m.id), '[]'::json)
           FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_id = p.id) AS users
        FROM projects p
          JOIN states s ON s.id = p.state_id
          JOIN project_types pt ON pt.id = p.project_type_id
        WHERE s.name = ANY(${states}::text[]) AND ${where}
        ORDER BY p.id`.execute(db);
  return rows;
}

/** A project to insert, as the table takes it. */
export type NewProject = Insertable<ProjectsTable>;

/** A project row with the names of its state and type. */
export type ProjectRecord = ProjectRow & { state_name: string; project_type_name: string };

/** Which projects {@link projectRecords} reads; all given conditions must hold. */
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

/** The rows of projects matching `where`, newest submission first, with state and type names. */
export async function projectRecords(db: Db, where: ProjectFilter = {}): Promise<ProjectRecord[]> {
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

/** Whether a project with this id exists. */
export async function projectExists(db: Db, projectId: number): Promise<boolean> {
  return (await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst()) !== undefined;
}

/** Locks the project with this id for the rest of the transaction. */
export async function lockProject(trx: Trx, projectId: number): Promise<void> {
  await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
}

/** Locks the project with this code for the rest of the transaction; its id, or undefined when there is none. */
export async function lockProjectByIdentifier(trx: Trx, identifier: string): Promise<number | undefined> {
  return (await trx.selectFrom('projects').select('id').where('identifier', '=', identifier).forUpdate().executeTakeFirst())?.id;
}

/** Locks the project (not its state) and reads what an extension request checks: code, name, end and state. */
export async function lockProjectForExtension(trx: Trx, projectId: number) {
  return trx
    .selectFrom('projects')
    .innerJoin('states', 'states.id', 'projects.state_id')
    .select(['projects.id', 'projects.identifier', 'projects.name', 'projects.date_end', 'states.name as state_name'])
    .where('projects.id', '=', projectId)
    .forUpdate('projects')
    .executeTakeFirst();
}

/** A project by code with the name of its state, for the readiness answer. */
export async function projectWithState(db: Db, identifier: string) {
  return db
    .selectFrom('projects as p')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .select(['p.id', 'p.identifier', 'p.name', 's.name as state'])
    .where('p.identifier', '=', identifier)
    .executeTakeFirst();
}

/** A project by code with what its timeline shows of it: submission, approval and change history. */
export async function projectHistory(db: Db, identifier: string) {
  return db
    .selectFrom('projects')
    .select(['id', 'identifier', 'date_submitted', 'date_approved', 'approved_by', 'change_history'])
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

/** The code of the project already filed for this registry project, if any. */
export async function projectOfRegistryProject(db: Db, crorisId: number): Promise<string | undefined> {
  return (await db.selectFrom('projects').select('identifier').where('croris_id', '=', crorisId).executeTakeFirst())?.identifier;
}

/** The ids of the projects in one of these states whose end date is on or before `endBy`. */
export async function projectIdsEndingBy(db: Db, stateIds: readonly number[], endBy: string): Promise<number[]> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('state_id', 'in', [...stateIds])
    .where('date_end', 'is not', null)
    .where('date_end', '<=', endBy)
    .execute();
  return rows.map((r) => r.id);
}

/** Inserts a project; its id. */
export async function addProject(db: Db, project: NewProject): Promise<number> {
  return (await db.insertInto('projects').values(project).returning('id').executeTakeFirstOrThrow()).id;
}

/** Sets a project's state, and the active flag that goes with it. */
export async function setProjectState(db: Db, projectId: number, stateId: number, isActive: boolean): Promise<void> {
  await db.updateTable('projects').set({ state_id: stateId, is_active: isActive }).where('id', '=', projectId).execute();
}

/** A staff change of a project: the changed columns (JSON columns as text), and its new state as of `at`. */
export async function changeProject(
  db: Db,
  projectId: number,
  fields: Record<string, unknown>,
  state: { stateId: number; isActive: boolean; at: Date },
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ ...fields, state_id: state.stateId, is_active: state.isActive, date_changed: state.at })
    .where('id', '=', projectId)
    .execute();
}

/**
 * Moves a project from the state `fromStateId` to another, appending `entry` to its change
 * history; false when it is no longer in `fromStateId` (another process moved it).
 */
export async function moveProjectState(
  db: Db,
  projectId: number,
  move: { fromStateId: number; stateId: number; isActive: boolean; at: Date; changedBy: string; entry: unknown },
): Promise<boolean> {
  const moved = await db
    .updateTable('projects')
    .set({
      state_id: move.stateId,
      is_active: move.isActive,
      date_changed: move.at,
      changed_by: move.changedBy,
      change_history: sql`change_history || ${JSON.stringify([move.entry])}::jsonb`,
    })
    .where('id', '=', projectId)
    .where('state_id', '=', move.fromStateId)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** Deletes a project by code (its memberships, comments, extensions and invitations cascade); how many were deleted. */
export async function deleteProjectByIdentifier(db: Db, identifier: string): Promise<number> {
  const result = await db.deleteFrom('projects').where('identifier', '=', identifier).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Claims the notice `kind` of a project's end date; false when it was already claimed (sent). */
export async function claimProjectNotice(db: Db, notice: { projectId: number; kind: string; dateEnd: string; at: Date }): Promise<boolean> {
  const claimed = await db
    .insertInto('project_notices')
    .values({ project_id: notice.projectId, kind: notice.kind, date_end: notice.dateEnd, sent_at: notice.at })
    .onConflict((oc) => oc.doNothing())
    .returning('project_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Adds a staff comment (its author as person-ref JSON) to a project. */
export async function addStaffComment(db: Db, comment: { projectId: number; comment: string; date: Date; by: string; projectState: string }): Promise<void> {
  await db
    .insertInto('staff_comments')
    .values({ project_id: comment.projectId, comment: comment.comment, date: comment.date, comment_by: comment.by, project_state: comment.projectState })
    .execute();
}

/** The staff comments of these projects, oldest first. */
export async function staffCommentsOf(db: Db, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('staff_comments')
    .select(['project_id', 'comment', 'date', 'comment_by', 'project_state'])
    .where('project_id', 'in', [...projectIds])
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** A project's id, identifier, name, registry id and the names of its state and type, by database id or identifier (matched exactly). */
export async function projectWithStateAndType(db: Db, project: number | { identifier: string }) {
  const query = db
    .selectFrom('projects as p')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .innerJoin('project_types as t', 't.id', 'p.project_type_id')
    .select(['p.id', 'p.identifier', 'p.name', 'p.croris_id', 's.name as state', 't.name as type']);
  return (typeof project === 'number' ? query.where('p.id', '=', project) : query.where('p.identifier', '=', project.identifier)).executeTakeFirst();
}

/** A project's identifier and name by database id. @throws when there is no such project */
export async function identifierAndNameOfProject(db: Db, projectId: number): Promise<{ identifier: string; name: string }> {
  return db.selectFrom('projects').select(['identifier', 'name']).where('id', '=', projectId).executeTakeFirstOrThrow();
}

/** A project's id by its identifier (matched exactly); undefined when there is none. */
export async function projectIdByIdentifier(db: Db, identifier: string): Promise<{ id: number; identifier: string } | undefined> {
  return db.selectFrom('projects').select(['id', 'identifier']).where('identifier', '=', identifier).executeTakeFirst();
}

/** The ids and identifiers of the projects with these identifiers. */
export async function projectIdsByIdentifiers(db: Db, identifiers: readonly string[]): Promise<{ id: number; identifier: string }[]> {
  return db.selectFrom('projects').select(['id', 'identifier']).where('identifier', 'in', sql<string>`(SELECT unnest(${identifiers}::text[]))`).execute();
}

/** Of these projects, those in one of `states` whose end date is not before `today`: id, identifier and end date. */
export async function runningProjectsAmong(db: Db, projectIds: readonly number[], states: readonly string[], today: string) {
  return db
    .selectFrom('projects')
    .innerJoin('states', 'states.id', 'projects.state_id')
    .select(['projects.id', 'projects.identifier', 'projects.date_end'])
    .where('projects.id', 'in', projectIds)
    .where('states.name', 'in', states)
    .where('date_end', '>=', today)
    .execute();
}

/** The identifiers and names of these projects. */
export async function identifiersAndNamesOf(db: Db, projectIds: readonly number[]): Promise<{ identifier: string; name: string }[]> {
  return db.selectFrom('projects').select(['identifier', 'name']).where('id', 'in', projectIds).execute();
}

/**
 * Per institution, the projects in one of `states` active in the month from `start` to before
 * `next` (approved by its end, not ended before it began, started before its end or undated) and
 * the people on them, each once per institution: most projects first.
 */
export async function activeByInstitutionIn(db: Db, states: readonly string[], start: string, next: string, unknown: string) {
  const { rows } = await sql<{ institution: string; projects: number; users: number }>`
    WITH active AS (
      SELECT p.id, p.institute
      FROM projects p JOIN states s ON s.id = p.state_id
      WHERE s.name = ANY(${states}::text[])
        AND p.date_approved < ${next}::date
        AND p.date_end >= ${start}::date
        AND (p.date_start IS NULL OR p.date_start < ${next}::date)
    ), counted AS (
      SELECT coalesce(nullif(institute, ''), ${unknown}) AS institution, count(*) AS projects, 0 AS users
      FROM active GROUP BY 1
      UNION ALL
      SELECT coalesce(nullif(u.person_institution, ''), ${unknown}), 0, count(DISTINCT u.id)
      FROM active a JOIN memberships m ON m.project_id = a.id JOIN users u ON u.id = m.user_id
      GROUP BY 1
    )
    SELECT institution, sum(projects)::int AS projects, sum(users)::int AS users
    FROM counted GROUP BY institution
    ORDER BY projects DESC, users DESC, institution`.execute(db);
  return rows;
}

/** Strips the national id and e-mail of the collaborators with these national ids from the projects' registry collaborator lists. */
export async function stripCollaboratorOibs(db: Db, oibs: string[]): Promise<void> {
  await sql`
      UPDATE projects SET croris_collaborators = (
        SELECT jsonb_agg(CASE WHEN c->>'oib' = ANY(${sql`${oibs}::text[]`}) THEN c - 'oib' - 'email' ELSE c END ORDER BY n)
        FROM jsonb_array_elements(croris_collaborators) WITH ORDINALITY AS x(c, n))
      WHERE jsonb_typeof(croris_collaborators) = 'array'
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(croris_collaborators) AS c WHERE c->>'oib' = ANY(${sql`${oibs}::text[]`}))`.execute(db);
}

/** Strips these unique ids from who made each entry of the projects' change history. */
export async function stripUniqueIdFromChangeHistory(db: Db, uniqueIds: string[]): Promise<void> {
  await sql`
      UPDATE projects SET change_history = (
        SELECT jsonb_agg(CASE WHEN e->'who'->>'person_uniqueid' = ANY(${sql`${uniqueIds}::text[]`}) THEN jsonb_set(e, '{who}', (e->'who') - 'person_uniqueid') ELSE e END ORDER BY n)
        FROM jsonb_array_elements(change_history) WITH ORDINALITY AS x(e, n))
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(change_history) AS e WHERE e->'who'->>'person_uniqueid' = ANY(${sql`${uniqueIds}::text[]`}))`.execute(db);
}

