/**
 * The statements of the staff user lists (active-users/, inactive-users/ and the grid pages' user
 * rows): users with their memberships and key counts. Joins read memberships, projects and ssh_keys.
 *
 * The staff user lists are built entirely by PostgreSQL: one statement joins the memberships,
 * aggregates them per user with json_agg and wraps the whole answer in one JSON text, which the
 * route sends as it is. At 20,000 users that avoids parsing and re-serialising megabytes in Node.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/server/db/handle';
import { SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';
import { activeStateNames } from '../projects/active-states';
import { orderSql, sortArraySql, type OrderTerm } from '../lists/list-order';
import type { ListRow } from '../lists/row-store';
import { CHANGE, changeRefSql } from '../lists/change-refs';
import type { Touched } from '../lists/list-upkeep';

/** Role names in the order of rules/roles.json; a user's projects are listed in this order. */
export function roleOrder(schemas: SchemaSet): string[] {
  return schemas.vocabulary(SCHEMA_IDS.roles).map((r) => r.value);
}

/** A text[] parameter: one bound value, so an empty vocabulary matches nothing instead of failing. */
function textArray(values: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`${[...values]}::text[]`;
}

/** `column` is one of `values`. */
function inList(column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`${column} = ANY(${textArray(values)})`;
}

export interface ListQuery {
  /** Which memberships count (and are listed under `projects`). */
  membershipFilter: RawBuilder<boolean>;
  /** Which users are listed. */
  userFilter: RawBuilder<boolean>;
  /** Users with no listed membership stay in the answer (with `projects: []`). */
  keepUsersWithoutProjects: boolean;
  /** Answer order; `projects` is null for users without a listed membership. */
  orderBy: readonly OrderTerm[];
}

/** The user lists' order: newest account first. */
export const USER_LIST_ORDER: readonly OrderTerm[] = [
  { sql: sql`u.date_joined`, desc: true, as: 'instant' },
  { sql: sql`u.id`, desc: true },
];

/** A listed membership (aliases mb, p, s, r, t) as a user's `projects` item. */
const PROJECT_JSON = sql`json_build_object('identifier', p.identifier, 'state', s.name, 'role', r.name, 'type', t.name)`;
const MEMBERSHIPS_FROM = sql`memberships mb
        JOIN projects p ON p.id = mb.project_id
        JOIN states s ON s.id = p.state_id
        JOIN roles r ON r.id = mb.role_id
        JOIN project_types t ON t.id = p.project_type_id`;

/** A user's projects are listed by role (the order of rules/roles.json), then by identifier. */
function projectOrder(schemas: SchemaSet): RawBuilder<unknown> {
  return sql`array_position(${textArray(roleOrder(schemas))}, r.name::text), p.identifier COLLATE "C"`;
}

/** The `projects` list of the user `u`, as JSON (null without any): for the few rows of a page. */
export function userProjectsJson(schemas: SchemaSet, membershipFilter: RawBuilder<boolean>): RawBuilder<unknown> {
  return sql`(SELECT json_agg(${PROJECT_JSON} ORDER BY ${projectOrder(schemas)}) FROM ${MEMBERSHIPS_FROM} WHERE mb.user_id = u.id AND ${membershipFilter})`;
}

/** The number of SSH keys of the user `u` (for the few rows of a page; the whole list counts them all at once). */
export const USER_KEY_COUNT = sql`(SELECT count(*)::int FROM ssh_keys WHERE user_id = u.id)`;

/** One row of a user list (api/users-list.json items) from the user `u`, its projects' JSON list (or null) and key count. */
export function userRowJson(projects: RawBuilder<unknown>, keys: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`json_build_object(
    'id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name,
    'person_type', CASE WHEN u.person_type = 'foreign' THEN 'foreign' ELSE 'local' END,
    'status', u.status, 'is_staff', u.is_staff, 'is_superuser', u.is_superuser,
    'person_institution', u.person_institution, 'person_mail', u.person_mail,
    'person_username', u.person_username, 'person_uniqueid', u.person_uniqueid,
    'ssh_key', coalesce(${keys}, 0) > 0, 'n_ssh_key', coalesce(${keys}, 0),
    'projects', coalesce(${projects}, '[]'::json),
    'date_joined', to_char(u.date_joined AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

/**
 * The users whose rows the changes `touched` may concern (all when null), by a column holding a user
 * id: gathered into one array first, as touchedProjects does, so the indexes serve the comparison.
 */
function touchedUsers(column: RawBuilder<unknown>, touched: Touched | null): RawBuilder<boolean> {
  if (!touched) return sql<boolean>`true`;
  return sql<boolean>`${column} = ANY(ARRAY(
    SELECT unnest(${[...touched.users, ...touched.keyOwners]}::int8[]) UNION SELECT user_id FROM memberships WHERE project_id = ANY(${touched.projects}::int8[])))`;
}

/**
 * One list statement: per listed user (only those `touched` may concern, when given) its key, place,
 * what its row depends on and its JSON, in the list's order.
 */
function listRowsSql(schemas: SchemaSet, q: ListQuery, touched: Touched | null): RawBuilder<ListRow> {
  const join = q.keepUsersWithoutProjects ? sql`LEFT JOIN` : sql`JOIN`;
  return sql<ListRow>`
    WITH listed AS (
      SELECT mb.user_id, json_agg(${PROJECT_JSON} ORDER BY ${projectOrder(schemas)}) AS projects,
             array_agg(DISTINCT ${changeRefSql(CHANGE.project, sql`mb.project_id`)}) AS deps
        FROM ${MEMBERSHIPS_FROM}
       WHERE ${q.membershipFilter} AND ${touchedUsers(sql`mb.user_id`, touched)}
       GROUP BY mb.user_id
    )
    -- Sorted here and aggregated in that order: sorting the built objects instead spills to disk.
    SELECT u.id::text AS key, ${sortArraySql(q.orderBy)} AS sort,
           ARRAY[${changeRefSql(CHANGE.user, sql`u.id`)}, ${changeRefSql(CHANGE.keys, sql`u.id`)}] || coalesce(l.deps, '{}') AS deps,
           ${userRowJson(sql`l.projects`, sql`k.n`)}::text AS json
      FROM users u
      ${join} listed l ON l.user_id = u.id
      LEFT JOIN (SELECT user_id, count(*)::int AS n FROM ssh_keys WHERE ${touchedUsers(sql`user_id`, touched)} GROUP BY user_id) k ON k.user_id = u.id
     WHERE ${q.userFilter} AND ${touchedUsers(sql`u.id`, touched)}
     ORDER BY ${orderSql(q.orderBy)}`;
}

/** Runs one list statement and returns the whole answer as JSON text (`[...]`). */
export async function userListJson(db: Db, schemas: SchemaSet, q: ListQuery): Promise<string> {
  const result = await sql<{ body: string }>`
    SELECT coalesce(json_agg(ordered.json::json), '[]'::json)::text AS body FROM (${listRowsSql(schemas, q, null)}) ordered`.execute(db);
  return result.rows[0]?.body ?? '[]';
}

/** The rows of one list (those `touched` may concern, when given), as a live list holds them. */
export async function userListRows(db: Db, schemas: SchemaSet, q: ListQuery, touched: Touched | null): Promise<ListRow[]> {
  return (await listRowsSql(schemas, q, touched).execute(db)).rows;
}

/** The memberships active-users/ lists: those on projects in an active state (isActive of rules/states.json). */
export function activeMemberships(schemas: SchemaSet): RawBuilder<boolean> {
  return inList(sql`s.name`, activeStateNames(schemas));
}

/** The query of active-users/: users with a membership on a project in an active state, and those memberships. */
export function activeUsersQuery(schemas: SchemaSet): ListQuery {
  return { membershipFilter: activeMemberships(schemas), userFilter: sql<boolean>`true`, keepUsersWithoutProjects: false, orderBy: USER_LIST_ORDER };
}

/** The query of inactive-users/: users whose status is false, those without any membership first. */
export function inactiveUsersQuery(): ListQuery {
  return {
    membershipFilter: sql<boolean>`mb.user_id IN (SELECT id FROM users WHERE NOT status)`,
    userFilter: sql<boolean>`NOT u.status`,
    keepUsersWithoutProjects: true,
    orderBy: [{ sql: sql`l.projects IS NOT NULL`, desc: false, as: 'flag' }, ...USER_LIST_ORDER],
  };
}
