/**
 * The only module that names the tables of projects/ (projects, project_counter, staff_comments, project_notices, states, project_types, active_states): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';
export type { ProjectRow } from '@/server/db/tables';

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
