/**
 * The project questions of a rules draft's impact (which projects in which states a change of a limit, type,
 * domain, field or resource type would reach), beside projects/queries.ts: the same tables, split off by
 * topic to keep each file short.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

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

