/**
 * GET projects/all, the staff grids' list (projects/projects-list.ts): the statement that builds
 * its rows and the fragments a page of it (grid-pages) builds its rows with.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/server/db/handle';
import { orderSql, sortArraySql, type OrderTerm } from '../lists/list-order';
import type { ListRow } from '../lists/row-store';
import { CHANGE, changeRefSql } from '../lists/change-refs';
import type { Touched } from '../lists/list-upkeep';
import { memberListsSql, touchedProjects } from '../memberships/queries-lists';

/** Where a list row's project, state and type come from (aliases p, s, t). */
export const PROJECT_ROW_FROM = sql`projects p JOIN states s ON s.id = p.state_id JOIN project_types t ON t.id = p.project_type_id`;

/** The order of the list: newest submission first, then newest id. */
export const PROJECT_LIST_ORDER: readonly OrderTerm[] = [
  { sql: sql`p.date_submitted`, desc: true, nulls: 'last', as: 'instant' },
  { sql: sql`p.id`, desc: true },
];

/** One row of the list (api/projects-list.json items) from p, s, t and its members' JSON list (or null). */
export function projectRowJson(members: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`json_build_object(
    'id', p.id, 'identifier', p.identifier, 'name', p.name, 'institute', p.institute,
    'state', json_build_object('name', s.name), 'project_type', json_build_object('name', t.name),
    'date_submitted', to_char(p.date_submitted AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'date_start', to_char(p.date_start, 'YYYY-MM-DD'), 'date_end', to_char(p.date_end, 'YYYY-MM-DD'),
    'croris_finance', p.croris_finance,
    'resources_type', coalesce(p.resources_type, '[]'::jsonb),
    'staff_resources_type', coalesce(p.staff_resources_type, '[]'::jsonb),
    'grant_used_percent', p.grant_used_percent, 'grant_runs_out', to_char(p.grant_runs_out, 'YYYY-MM-DD'),
    'userproject_set', coalesce(${members}, '[]'::json))`;
}

/** The list's rows (those `touched` may concern, when given): key, place, what each depends on, JSON. */
function projectRowsSql(touched: Touched | null): RawBuilder<ListRow> {
  return sql<ListRow>`
    WITH members AS (${memberListsSql(touched)}
    )
    SELECT p.id::text AS key, ${sortArraySql(PROJECT_LIST_ORDER)} AS sort, ARRAY[${changeRefSql(CHANGE.project, sql`p.id`)}] || coalesce(mb.deps, '{}') AS deps,
           ${projectRowJson(sql`mb.list`)}::text AS json
      FROM ${PROJECT_ROW_FROM}
      LEFT JOIN members mb ON mb.project_id = p.id
     WHERE ${touchedProjects(sql`p.id`, touched)}
     ORDER BY ${orderSql(PROJECT_LIST_ORDER)}`;
}

/** The answer as JSON text, newest submission first (then newest id), members leads first. */
export async function projectsListJson(db: Db): Promise<string> {
  const { rows } = await sql<{ body: string }>`
    SELECT coalesce(json_agg(ordered.json::json), '[]'::json)::text AS body FROM (${projectRowsSql(null)}) ordered`.execute(db);
  return rows[0]?.body ?? '[]';
}

/** The list's rows that the changes `touched` may concern (all when null). */
export async function projectListRows(db: Db, touched: Touched | null): Promise<ListRow[]> {
  return (await projectRowsSql(touched).execute(db)).rows;
}
