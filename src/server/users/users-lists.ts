/**
 * The staff user lists (active-users/, inactive-users/, ops-users/) and one user's detail; their
 * statements are in queries-lists.ts.
 */
import type { Db } from '@/server/db/handle';
import type { UserDetail } from '@generated';
import { SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';
import { toUser } from './users';
import { activeStaffPeople, userByUsername } from './queries';
import { activeUsersQuery, inactiveUsersQuery, userListJson, userListRows, type ListQuery } from './queries-lists';
import { membershipsForUserDetail } from '@/server/memberships/queries';
import { JSON_AGG_SEPARATOR, type LiveListSpec } from '../lists/list-upkeep';

// The grid pages build their user rows from the same pieces (grid-pages/queries.ts).

/** Names of the states that are requests still open or refused (isActive false, isRequest true). */
export function requestOnlyStateNames(schemas: SchemaSet): string[] {
  return schemas
    .vocabulary<{ isActive?: boolean; isRequest?: boolean }>(SCHEMA_IDS.states)
    .filter((s) => s.isActive === false && s.isRequest === true)
    .map((s) => s.value);
}

/**
 * GET active-users/: every user with at least one membership on a project in an active state
 * (isActive in rules/states.json), listing those memberships, newest account first.
 *
 * @returns the answer as JSON text, shaped as schemas/api/users-list.json
 */
export function activeUsersJson(db: Db, schemas: SchemaSet): Promise<string> {
  return userListJson(db, schemas, activeUsersQuery(schemas));
}

/**
 * GET inactive-users/: every user whose status is false — first those without any membership,
 * then the others with all their memberships — newest account first within each group.
 *
 * @returns the answer as JSON text, shaped as schemas/api/users-list.json
 */
export function inactiveUsersJson(db: Db, schemas: SchemaSet): Promise<string> {
  return userListJson(db, schemas, inactiveUsersQuery());
}

/** active-users/ and inactive-users/ as live lists (services/live-lists): rows re-read by the users a change names. */
export function userLiveLists(db: Db, schemas: SchemaSet): { active: LiveListSpec; inactive: LiveListSpec } {
  const spec = (name: string, q: ListQuery): LiveListSpec => ({ name, separator: JSON_AGG_SEPARATOR, rows: (touched) => userListRows(db, schemas, q, touched) });
  return { active: spec('active-users', activeUsersQuery(schemas)), inactive: spec('inactive-users', inactiveUsersQuery()) };
}

/** GET ops-users/: active staff and superusers, the people the software list may credit. */
export function opsUsers(db: Db) {
  return activeStaffPeople(db);
}

/**
 * GET users/:username: the user and their memberships except open and denied requests,
 * newest approval first (never-approved ones last, then by identifier).
 *
 * @returns the answer (schemas/api/user-detail.json), or undefined when there is no such user
 */
export async function userDetail(db: Db, schemas: SchemaSet, username: string): Promise<UserDetail | undefined> {
  const user = await userByUsername(db, username);
  if (!user) return undefined;
  const hidden = requestOnlyStateNames(schemas);
  const rows = await membershipsForUserDetail(db, user.id, hidden);
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
