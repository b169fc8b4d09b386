/**
 * The only module that names the tables of projects/ (projects, project_counter, staff_comments, project_notices, states, project_types, active_states): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';
export type { ProjectRow } from '@/server/db/tables';

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
