/**
 * The only module that names the tables of projects/ (projects, project_counter, staff_comments, project_notices, states, project_types, active_states): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { CHANGE, changeRefSql } from '@/server/lists/change-refs';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/server/db/handle';

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

/** The projects in `states` (by state name), by identifier: their id, identifier and state. */
function projectsInStatesBase(db: Db, states: readonly string[]) {
  return db
    .selectFrom('projects as p')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .select(['p.id', 'p.identifier', 's.name as state'])
    .where('s.name', 'in', states)
    .orderBy('p.identifier');
}

/**
 * The projects in `states` whose numeric resource amount `name` is above `bound.lower` or below
 * `bound.higher` (either may be absent), by identifier, with the amount.
 */
export async function projectsInStatesOutsideBound(
  db: Db,
  states: readonly string[],
  name: string,
  bound: { lower?: number; higher?: number },
): Promise<{ identifier: string; state: string; value: number }[]> {
  const { lower, higher } = bound;
  const value = sql<number>`(p.resources_numbers ->> ${name})::numeric`;
  return db
    .selectFrom('projects as p')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .select(['p.identifier', 's.name as state', sql<number>`${value}`.as('value')])
    .where('s.name', 'in', states)
    .where(sql<boolean>`jsonb_typeof(p.resources_numbers::jsonb -> ${name}) = 'number'`)
    .where((eb) => {
      const parts = [];
      if (lower !== undefined) parts.push(eb(value, '>', lower));
      if (higher !== undefined) parts.push(eb(value, '<', higher));
      return eb.or(parts);
    })
    .orderBy('p.identifier')
    .execute();
}

/** The projects in `states` that ask for, or were granted, the resource type `type`, by identifier. */
export async function projectsInStatesWithResourceType(db: Db, states: readonly string[], type: string): Promise<{ id: number; identifier: string; state: string }[]> {
  const needle = JSON.stringify([{ value: type }]);
  return projectsInStatesBase(db, states)
    .where((eb) => eb.or([eb(sql`p.resources_type::jsonb`, '@>', needle), eb(sql`p.staff_resources_type::jsonb`, '@>', needle)]))
    .execute();
}

/** The projects in `states` that give a share to the science domain `domain` (its value), by identifier. */
export async function projectsInStatesInScienceDomain(db: Db, states: readonly string[], domain: string): Promise<{ id: number; identifier: string; state: string }[]> {
  return projectsInStatesBase(db, states)
    .where(sql<boolean>`p.science_field::jsonb @> ${JSON.stringify([{ name: { value: domain } }])}`)
    .execute();
}

/** The projects in `states` that give a share to the field `field` of the science domain `domain` (their values), by identifier. */
export async function projectsInStatesInScienceField(
  db: Db,
  states: readonly string[],
  domain: string,
  field: string,
): Promise<{ id: number; identifier: string; state: string }[]> {
  const needle = JSON.stringify([{ name: { value: domain }, scientificfields: [{ name: { value: field } }] }]);
  return projectsInStatesBase(db, states).where(sql<boolean>`p.science_field::jsonb @> ${needle}`).execute();
}

/** The projects in `states` of the project types `types`, by identifier, with their type. */
export async function projectsInStatesOfTypes(
  db: Db,
  states: readonly string[],
  types: readonly string[],
): Promise<{ id: number; identifier: string; state: string; type: string }[]> {
  return projectsInStatesBase(db, states)
    .innerJoin('project_types as pt', 'pt.id', 'p.project_type_id')
    .select('pt.name as type')
    .where('pt.name', 'in', types)
    .execute();
}

/** Each project in `states` with a grant (any row) on one of `clusters`, once per cluster: by identifier, then cluster. */
export async function projectsInStatesWithGrantsOn(
  db: Db,
  states: readonly string[],
  clusters: readonly string[],
): Promise<{ id: number; identifier: string; state: string; cluster: string }[]> {
  return projectsInStatesBase(db, states)
    .innerJoin('project_grants as g', 'g.project_id', 'p.id')
    .select('g.cluster')
    .distinct()
    .where('g.cluster', 'in', clusters)
    .orderBy('g.cluster')
    .execute();
}

