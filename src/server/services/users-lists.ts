import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/tables';
import type { UserDetail } from '../../../generated';
import { SCHEMA_IDS, type SchemaSet } from '../../schema-runtime';
import { activeStateNames } from './active-states';
import { toUser } from './users';

/*
 * The staff user lists are built entirely by PostgreSQL: one statement joins the memberships,
 * aggregates them per user with json_agg and wraps the whole answer in one JSON text, which the
 * route sends as it is. At 20,000 users that avoids parsing and re-serialising megabytes in Node.
 */

/** Names of the states that are requests still open or refused (isActive false, isRequest true). */
export function requestOnlyStateNames(schemas: SchemaSet): string[] {
  return schemas
    .vocabulary<{ isActive?: boolean; isRequest?: boolean }>(SCHEMA_IDS.states)
    .filter((s) => s.isActive === false && s.isRequest === true)
    .map((s) => s.value);
}

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

interface ListQuery {
  /** Which memberships count (and are listed under `projects`). */
  membershipFilter: RawBuilder<boolean>;
  /** Which users are listed. */
  userFilter: RawBuilder<boolean>;
  /** Users with no listed membership stay in the answer (with `projects: []`). */
  keepUsersWithoutProjects: boolean;
  /** Answer order; `projects` is null for users without a listed membership. */
  orderBy: RawBuilder<unknown>;
}

/** Runs one list statement and returns the answer as JSON text (`[...]`). */
async function listAsJson(db: Kysely<Database>, schemas: SchemaSet, q: ListQuery): Promise<string> {
  const roles = roleOrder(schemas);
  const join = q.keepUsersWithoutProjects ? sql`LEFT JOIN` : sql`JOIN`;
  const result = await sql<{ body: string }>`
    WITH listed AS (
      SELECT mb.user_id,
             json_agg(json_build_object('identifier', p.identifier, 'state', s.name, 'role', r.name, 'type', t.name)
                      ORDER BY array_position(${textArray(roles)}, r.name::text),
                               p.identifier COLLATE "C") AS projects
        FROM memberships mb
        JOIN projects p ON p.id = mb.project_id
        JOIN states s ON s.id = p.state_id
        JOIN roles r ON r.id = mb.role_id
        JOIN project_types t ON t.id = p.project_type_id
       WHERE ${q.membershipFilter}
       GROUP BY mb.user_id
    )
    SELECT coalesce(json_agg(row), '[]'::json)::text AS body
      FROM (
        -- Sorted here and aggregated in that order: sorting the built objects instead spills to disk.
        SELECT json_build_object(
                 'id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name,
                 'person_type', CASE WHEN u.person_type = 'foreign' THEN 'foreign' ELSE 'local' END,
                 'status', u.status, 'is_staff', u.is_staff, 'is_superuser', u.is_superuser,
                 'person_institution', u.person_institution, 'person_mail', u.person_mail,
                 'person_username', u.person_username, 'person_uniqueid', u.person_uniqueid,
                 'ssh_key', coalesce(k.n, 0) > 0, 'n_ssh_key', coalesce(k.n, 0),
                 'projects', coalesce(l.projects, '[]'::json),
                 'date_joined', to_char(u.date_joined AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
               ) AS row
          FROM users u
          ${join} listed l ON l.user_id = u.id
          LEFT JOIN (SELECT user_id, count(*)::int AS n FROM ssh_keys GROUP BY user_id) k ON k.user_id = u.id
         WHERE ${q.userFilter}
         ORDER BY ${q.orderBy}
      ) ordered
  `.execute(db);
  return result.rows[0]?.body ?? '[]';
}

/**
 * GET active-users/: every user with at least one membership on a project in an active state
 * (isActive in rules/states.json), listing those memberships, newest account first.
 *
 * @returns the answer as JSON text, shaped as schemas/api/users-list.json
 */
export function activeUsersJson(db: Kysely<Database>, schemas: SchemaSet): Promise<string> {
  return listAsJson(db, schemas, {
    membershipFilter: inList(sql`s.name`, activeStateNames(schemas)),
    userFilter: sql<boolean>`true`,
    keepUsersWithoutProjects: false,
    orderBy: sql`u.date_joined DESC, u.id DESC`,
  });
}

/**
 * GET inactive-users/: every user whose status is false — first those without any membership,
 * then the others with all their memberships — newest account first within each group.
 *
 * @returns the answer as JSON text, shaped as schemas/api/users-list.json
 */
export function inactiveUsersJson(db: Kysely<Database>, schemas: SchemaSet): Promise<string> {
  return listAsJson(db, schemas, {
    membershipFilter: sql<boolean>`mb.user_id IN (SELECT id FROM users WHERE NOT status)`,
    userFilter: sql<boolean>`NOT u.status`,
    keepUsersWithoutProjects: true,
    orderBy: sql`l.projects IS NOT NULL, u.date_joined DESC, u.id DESC`,
  });
}

/** GET ops-users/: active staff and superusers, the people the software list may credit. */
export function opsUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]))
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('username')
    .execute();
}

/**
 * GET users/:username: the user and their memberships except open and denied requests,
 * newest approval first (never-approved ones last, then by identifier).
 *
 * @returns the answer (schemas/api/user-detail.json), or undefined when there is no such user
 */
export async function userDetail(db: Kysely<Database>, schemas: SchemaSet, username: string): Promise<UserDetail | undefined> {
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  if (!user) return undefined;
  const hidden = requestOnlyStateNames(schemas);
  const rows = await db
    .selectFrom('memberships as mb')
    .innerJoin('projects as p', 'p.id', 'mb.project_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .innerJoin('roles as r', 'r.id', 'mb.role_id')
    .innerJoin('project_types as t', 't.id', 'p.project_type_id')
    .select([
      'mb.date_joined', 'r.name as role', 'p.id', 'p.identifier', 'p.name', 'p.institute', 's.name as state',
      't.name as type', 'p.date_approved', 'p.date_start', 'p.date_end', 'p.staff_resources_type', 'p.croris_finance',
    ])
    .where('mb.user_id', '=', user.id)
    .$if(hidden.length > 0, (qb) => qb.where('s.name', 'not in', hidden))
    .orderBy(sql`p.date_approved DESC NULLS LAST`)
    .orderBy(sql`p.identifier COLLATE "C"`)
    .execute();
  type Membership = UserDetail['userproject_set'][number];
  type Project = Membership['project'];
  return {
    ...toUser(user),
    userproject_set: rows.map(
      (r): Membership => ({
        role: { name: r.role as Membership['role']['name'] },
        date_joined: new Date(r.date_joined).toISOString(),
        project: {
          id: r.id,
          identifier: r.identifier,
          name: r.name,
          institute: r.institute,
          state: { name: r.state as Project['state']['name'] },
          project_type: { name: r.type as Project['project_type']['name'] },
          date_approved: r.date_approved ? new Date(r.date_approved).toISOString() : null,
          date_start: r.date_start,
          date_end: r.date_end,
          staff_resources_type: (r.staff_resources_type ?? []) as Project['staff_resources_type'],
          croris_finance: (r.croris_finance ?? null) as Project['croris_finance'],
        },
      }),
    ),
  };
}
