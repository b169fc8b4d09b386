/**
 * The members of projects as the staff grids' rows hold them (projects/projects-list.ts): SQL
 * fragments that name the membership tables, built once here for the whole list and for a page.
 */
import { sql, type RawBuilder } from 'kysely';
import { CHANGE, changeRefSql } from '../lists/change-refs';
import type { Touched } from '../lists/list-upkeep';
import { leadsFirst } from './queries';

/** One member of a project as a list row holds it (aliases m, u, r: membership, user, role). */
const MEMBER_JSON = sql`json_build_object(
  'role', json_build_object('name', r.name),
  'user', json_build_object('username', u.username, 'first_name', u.first_name, 'last_name', u.last_name, 'status', u.status))`;
/** Members are listed leads first, then in joining order. */
const MEMBER_ORDER = sql`${leadsFirst('r.name')}, m.id`;
const MEMBERS_FROM = sql`memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id`;

/** The members list of the project `p` (for the few rows of a page; the whole list groups them all at once). */
export const PROJECT_MEMBERS_JSON = sql`(SELECT json_agg(${MEMBER_JSON} ORDER BY ${MEMBER_ORDER}) FROM ${MEMBERS_FROM} WHERE m.project_id = p.id)`;

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

/**
 * Each project's members list (`list`) and the changes it depends on (`deps`), by `project_id`,
 * for the projects `touched` may concern (all when null).
 */
export function memberListsSql(touched: Touched | null): RawBuilder<{ project_id: number; list: unknown; deps: string[] }> {
  return sql`
      SELECT m.project_id, json_agg(${MEMBER_JSON} ORDER BY ${MEMBER_ORDER}) AS list, array_agg(DISTINCT ${changeRefSql(CHANGE.user, sql`m.user_id`)}) AS deps
        FROM ${MEMBERS_FROM}
       WHERE ${touchedProjects(sql`m.project_id`, touched)}
       GROUP BY m.project_id`;
}
