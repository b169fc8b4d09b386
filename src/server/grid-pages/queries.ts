/**
 * The staff lists a grid can page through on the server, each described for the SQL compiler of the
 * layouts' filters and sorts (compile-grid.ts): where its rows come from, which rows it holds, its
 * own order, how a row is written (the very expressions of the whole list, so a page's rows are
 * its items) and, per path a layout may name, where the value lives in the tables.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SchemaSet } from '@/schema-runtime';
import { PROJECT_LIST_ORDER, PROJECT_ROW_FROM, projectRowJson } from '@/server/projects/queries-list';
import { PROJECT_MEMBERS_JSON } from '@/server/memberships/queries-lists';
import { activeMemberships, USER_KEY_COUNT, USER_LIST_ORDER, userProjectsJson, userRowJson } from '@/server/users/queries-lists';
import type { OrderTerm } from '../lists/list-order';
import { CHANGE, type ChangeKind } from '../lists/change-refs';
import { USER_HAS_KEY as HAS_KEY } from '../keys/queries';
import { MEMBERSHIP_PROJECTS_FROM } from '../memberships/queries';

/**
 * What a value of a row is, as the list's JSON holds it: text, a number, a boolean, a date
 * ('yyyy-MM-dd'), an instant (ISO 8601 in UTC) or a person object (first_name, last_name).
 */
export type ValueType = 'text' | 'number' | 'boolean' | 'date' | 'instant' | 'person';

/** SQL over the aliases of a list's FROM clause. */
export type Sql = RawBuilder<unknown>;

/**
 * A value in SQL (NULL where the row has none). A person is its two name columns. `truthy` is a
 * cheaper test of a yes/no filter than comparing the value (a key count: whether any key exists),
 * and never NULL, so it is used bare and the planner can join it (a semi-join, or an anti-join for no).
 * `lowered` is the text a filter reads (a person's as "First Last") lowered, kept by the database
 * (migration 0021), so that a filter does not lower it row by row.
 */
export type FieldSql =
  | { type: Exclude<ValueType, 'person'>; sql: Sql; truthy?: RawBuilder<boolean>; lowered?: Sql; lookup?: Lookup }
  | { type: 'person'; first: Sql; last: Sql; lowered?: Sql };

/**
 * A field that is a column of another table's row, which every row of the list names by `key` (a
 * NOT NULL foreign key: exactly one such row). A condition on it is asked of that small table and
 * the rows kept by their key (`key IN (SELECT id FROM from WHERE …)`), a sort reads it by the key:
 * the list's rows are then chosen in their own order without a join (a project's state and type).
 */
export interface Lookup {
  key: Sql;
  /** The other table, with the alias the field's `sql` names. */
  from: Sql;
  /** Its key, over that alias. */
  id: Sql;
}

/**
 * An array of a row (`userproject_set`, `projects` …), `fields` being its items' paths ('' is the
 * item itself). Items in other tables name their row (`owner`, compared with the list's `id`): a
 * filter then reads them once for all rows, not once per row. Items inside a row's column (a JSON
 * array) are listed by `from` for the current row.
 */
export interface CollectionSql {
  from: Sql;
  owner?: Sql;
  where?: RawBuilder<boolean>;
  fields: Record<string, FieldSql>;
}

/** One list, for the compiler. */
export interface ListSource {
  /** FROM clause of the list's rows, with the aliases the fields use. */
  from: RawBuilder<unknown>;
  /**
   * The FROM clause that chooses and counts rows, when it differs from `from`: without the joins of
   * the lookups' tables (every field over them has a `lookup`), so that a page in the list's order
   * walks an index of the list's own table alone. A join, even one PostgreSQL can leave out, made
   * it read and sort every row instead (decision 0560).
   */
  choosingFrom?: RawBuilder<unknown>;
  /** Which rows the list holds. */
  where: RawBuilder<boolean>;
  /** The row's key. */
  id: Sql;
  /** The list's own order (the whole list's). */
  order: readonly OrderTerm[];
  /** The JSON of a row (the whole list's item), over the aliases of `from`. */
  rowJson: RawBuilder<unknown>;
  /** Scalar paths of a row, by path ('$' is the row itself). */
  fields: Record<string, FieldSql>;
  /** Array paths of a row, by their first step. */
  collections: Record<string, CollectionSql>;
  /**
   * The kinds of logged change (live-lists/change-refs.ts) that can change which rows `where`
   * holds; a vocabulary's always can. Unset: any change can.
   */
  countsMovedBy?: readonly ChangeKind[];
  /** The kinds of logged change that can change a value of `fields` (unset: any change can). */
  fieldsMovedBy?: readonly ChangeKind[];
  /** Sort keys the database keeps (schema-runtime/sort-key.ts), by the sorted paths joined with ','. */
  storedSortKeys?: Record<string, Sql>;
  /**
   * The texts of a text filter's paths lowered and joined by a line break, kept by the database,
   * by the paths joined with ',' and, for a filter with a format, '|' and the format: plain texts
   * (migration 0021), dates as shown (0024).
   */
  storedTexts?: Record<string, Sql>;
}

const raw = (expr: string): Sql => sql.raw(expr);
const text = (expr: string): FieldSql => ({ type: 'text', sql: raw(expr) });
/** The `column` of the `table` row (alias `alias`) that `key` names. */
const lookedUp = (key: string, table: string, alias: string, column: string): FieldSql => ({
  type: 'text',
  sql: raw(`${alias}.${column}`),
  lookup: { key: raw(key), from: raw(`${table} ${alias}`), id: raw(`${alias}.id`) },
});
/** A user (`alias` is of the users table). */
const person = (alias: string): FieldSql => ({ type: 'person', first: raw(`${alias}.first_name`), last: raw(`${alias}.last_name`), lowered: raw(`${alias}.filter_name`) });
/** The items of a JSON array column (none when it holds no array), as `item`. */
const jsonItems = (column: string): Sql =>
  raw(`jsonb_array_elements(CASE WHEN jsonb_typeof(${column}) = 'array' THEN ${column} ELSE '[]'::jsonb END) AS item`);
/** A label/value list (resources_type, staff_resources_type). */
const labelValues = (column: string): CollectionSql => ({
  from: jsonItems(column),
  fields: { value: text(`item->>'value'`), label: text(`item->>'label'`) },
});

const projectsAll: ListSource = {
  from: PROJECT_ROW_FROM,
  // The state and the type are lookups (NOT NULL foreign keys): no join chooses the rows.
  choosingFrom: raw('projects p'),
  where: sql<boolean>`true`,
  countsMovedBy: [CHANGE.project],
  // A project's own columns, its state's and type's names (vocabularies: '*').
  fieldsMovedBy: [CHANGE.project],
  id: raw('p.id'),
  order: PROJECT_LIST_ORDER,
  rowJson: projectRowJson(PROJECT_MEMBERS_JSON),
  fields: {
    id: { type: 'number', sql: raw('p.id') },
    identifier: text('p.identifier'),
    name: text('p.name'),
    institute: text('p.institute'),
    'state.name': lookedUp('p.state_id', 'states', 's', 'name'),
    'project_type.name': lookedUp('p.project_type_id', 'project_types', 't', 'name'),
    date_submitted: { type: 'instant', sql: raw('p.date_submitted') },
    date_start: { type: 'date', sql: raw('p.date_start') },
    date_end: { type: 'date', sql: raw('p.date_end') },
    grant_used_percent: { type: 'number', sql: raw('p.grant_used_percent') },
    grant_runs_out: { type: 'date', sql: raw('p.grant_runs_out') },
  },
  collections: {
    croris_finance: { from: jsonItems('p.croris_finance'), fields: { '': text(`item #>> '{}'`) } },
    resources_type: labelValues('p.resources_type'),
    staff_resources_type: labelValues('p.staff_resources_type'),
    userproject_set: {
      from: raw('memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id'),
      owner: raw('m.project_id'),
      fields: {
        user: person('u'),
        'user.username': text('u.username'),
        'user.first_name': text('u.first_name'),
        'user.last_name': text('u.last_name'),
        'role.name': text('r.name'),
      },
    },
  },
  storedTexts: { 'name,identifier,institute': raw('p.filter_search'), 'date_start,date_end|date': raw('p.filter_dates') },
};

/** The scalar fields of a user row (both user lists). */
const USER_FIELDS: Record<string, FieldSql> = {
  $: person('u'),
  id: { type: 'number', sql: raw('u.id') },
  username: text('u.username'),
  first_name: text('u.first_name'),
  last_name: text('u.last_name'),
  person_type: text(`CASE WHEN u.person_type = 'foreign' THEN 'foreign' ELSE 'local' END`),
  person_institution: { ...text('u.person_institution'), lowered: raw('u.filter_institution') },
  person_mail: text('u.person_mail'),
  person_username: text('u.person_username'),
  person_uniqueid: text('u.person_uniqueid'),
  status: { type: 'boolean', sql: raw('u.status') },
  is_staff: { type: 'boolean', sql: raw('u.is_staff') },
  is_superuser: { type: 'boolean', sql: raw('u.is_superuser') },
  date_joined: { type: 'instant', sql: raw('u.date_joined') },
  n_ssh_key: { type: 'number', sql: USER_KEY_COUNT, truthy: HAS_KEY },
  ssh_key: { type: 'boolean', sql: sql`${USER_KEY_COUNT} > 0`, truthy: HAS_KEY },
};

/** A user's own columns, and their key count. */
const USER_FIELDS_MOVED_BY: readonly ChangeKind[] = [CHANGE.user, CHANGE.keys];
const USER_SORT_KEYS = { 'last_name,first_name': raw('u.name_key') };
const USER_TEXTS = { 'username,person_username,person_uniqueid,person_mail': raw('u.filter_mail') };

/** A user list's `projects`: the memberships `membership` (over mb, p, s) lets through. */
function userProjects(membership: RawBuilder<boolean>): CollectionSql {
  return {
    from: MEMBERSHIP_PROJECTS_FROM,
    owner: raw('mb.user_id'),
    where: membership,
    fields: { identifier: text('p.identifier'), state: text('s.name'), role: text('r.name'), type: text('t.name') },
  };
}

function activeUsers(schemas: SchemaSet): ListSource {
  const active = activeMemberships(schemas);
  return {
    from: sql`users u`,
    // Who is active the database keeps (migrations 0022, 0023), as a flag of the user's own row:
    // partial indexes of the active users serve the list's orders and its count.
    where: sql<boolean>`u.active_member`,
    // The flag follows active_members, whose changes the log names by a kind of their own.
    countsMovedBy: [CHANGE.activeMember],
    id: raw('u.id'),
    order: USER_LIST_ORDER,
    rowJson: userRowJson(userProjectsJson(schemas, active), USER_KEY_COUNT),
    fields: USER_FIELDS,
    collections: { projects: userProjects(active) },
    fieldsMovedBy: USER_FIELDS_MOVED_BY,
    storedSortKeys: USER_SORT_KEYS,
    storedTexts: USER_TEXTS,
  };
}

function inactiveUsers(schemas: SchemaSet): ListSource {
  return {
    from: sql`users u`,
    where: sql<boolean>`NOT u.status`,
    countsMovedBy: [CHANGE.user],
    id: raw('u.id'),
    // Users without any membership first (inactive-users/ lists them so).
    order: [{ sql: raw('EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)'), desc: false, as: 'flag' }, ...USER_LIST_ORDER],
    rowJson: userRowJson(userProjectsJson(schemas, sql<boolean>`true`), USER_KEY_COUNT),
    fields: USER_FIELDS,
    collections: { projects: userProjects(sql<boolean>`true`) },
    fieldsMovedBy: USER_FIELDS_MOVED_BY,
    storedSortKeys: USER_SORT_KEYS,
    storedTexts: USER_TEXTS,
  };
}

/** The lists by their name in rules/lists.json. */
export function listSources(schemas: SchemaSet): Record<string, ListSource> {
  return { 'projects-all': projectsAll, 'active-users': activeUsers(schemas), 'inactive-users': inactiveUsers(schemas) };
}
