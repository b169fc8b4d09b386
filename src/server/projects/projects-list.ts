/**
 * GET projects/all: the staff grids' list (schemas/api/projects-list.json), built by PostgreSQL in
 * one statement as one JSON text — only the fields the layouts tables/projects.json and
 * tables/requests.json show, filter and link; of each member only the name, the username the
 * person popover loads the rest by when it opens, and the status its link depends on.
 * Nothing is parsed or re-serialised in Node; the full project stays with the detail call. A page
 * of the list (services/grid-pages) builds its rows with the same expressions.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@/server/db/tables';
import { leadsFirst } from '@/server/memberships/queries';
import { orderSql, sortArraySql, type OrderTerm } from '../lists/list-order';
import type { ListRow } from '../lists/row-store';
import { CHANGE, changeRefSql } from '../lists/change-refs';
import { JSON_AGG_SEPARATOR, type LiveListSpec, type Touched } from '../lists/list-upkeep';

/** One member of a project as a list row holds it (aliases m, u, r: membership, user, role). */
const MEMBER_JSON = sql`json_build_object(
  'role', json_build_object('name', r.name),
  'user', json_build_object('username', u.username, 'first_name', u.first_name, 'last_name', u.last_name, 'status', u.status))`;
/** Members are listed leads first, then in joining order. */
const MEMBER_ORDER = sql`${leadsFirst('r.name')}, m.id`;
const MEMBERS_FROM = sql`memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id`;

/** The members list of the project `p` (for the few rows of a page; the whole list groups them all at once). */
export const PROJECT_MEMBERS_JSON = sql`(SELECT json_agg(${MEMBER_JSON} ORDER BY ${MEMBER_ORDER}) FROM ${MEMBERS_FROM} WHERE m.project_id = p.id)`;

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

/**
 * The projects whose rows the changes `touched` may concern (all when null), by a column holding a
 * project id. The ids are gathered first (one array, by the memberships' user index), so that the
 * column is compared with a list the indexes serve: an OR with a subquery had PostgreSQL read the
 * whole list to re-read a row or two.
 */
export function touchedProjects(column: RawBuilder<unknown>, touched: Touched | null): RawBuilder<boolean> {
  if (!touched) return sql<boolean>`true`;
  return sql<boolean>`${column} = ANY(ARRAY(
    SELECT unnest(${touched.projects}::int8[]) UNION SELECT project_id FROM memberships WHERE user_id = ANY(${touched.users}::int8[])))`;
}

/** The list's rows (those `touched` may concern, when given): key, place, what each depends on, JSON. */
function projectRowsSql(touched: Touched | null): RawBuilder<ListRow> {
  return sql<ListRow>`
    WITH members AS (
      SELECT m.project_id, json_agg(${MEMBER_JSON} ORDER BY ${MEMBER_ORDER}) AS list, array_agg(DISTINCT ${changeRefSql(CHANGE.user, sql`m.user_id`)}) AS deps
        FROM ${MEMBERS_FROM}
       WHERE ${touchedProjects(sql`m.project_id`, touched)}
       GROUP BY m.project_id
    )
    SELECT p.id::text AS key, ${sortArraySql(PROJECT_LIST_ORDER)} AS sort, ARRAY[${changeRefSql(CHANGE.project, sql`p.id`)}] || coalesce(mb.deps, '{}') AS deps,
           ${projectRowJson(sql`mb.list`)}::text AS json
      FROM ${PROJECT_ROW_FROM}
      LEFT JOIN members mb ON mb.project_id = p.id
     WHERE ${touchedProjects(sql`p.id`, touched)}
     ORDER BY ${orderSql(PROJECT_LIST_ORDER)}`;
}

/** The answer as JSON text, newest submission first (then newest id), members leads first. */
export async function projectsListJson(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ body: string }>`
    SELECT coalesce(json_agg(ordered.json::json), '[]'::json)::text AS body FROM (${projectRowsSql(null)}) ordered`.execute(db);
  return rows[0]?.body ?? '[]';
}

/** projects/all as a live list (services/live-lists): rows re-read by the projects a change names or its users are on. */
export function projectsLiveList(db: Kysely<Database>): LiveListSpec {
  return { name: 'projects-all', separator: JSON_AGG_SEPARATOR, rows: async (touched) => (await projectRowsSql(touched).execute(db)).rows };
}
