import type { Db } from '@/server/db/handle';
import type { UserRow } from './queries';
import { membershipsOfUser } from '@/server/memberships/queries';
import type { User, UserBrief, UserProject } from '@generated';

/** The person fields every user shape shares. */
function personFields(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    person_mail: user.person_mail,
    person_oib: user.person_oib,
    person_uniqueid: user.person_uniqueid,
    person_username: user.person_username,
    person_institution: user.person_institution,
    person_organisation: user.person_organisation,
    person_affiliation: user.person_affiliation,
    person_type: user.person_type === 'foreign' ? 'foreign' : 'local',
    status: user.status,
  } satisfies UserBrief;
}

/** The brief user shape used inside memberships; `sshkeys` says whether the user has any key. */
export function toUserBrief(user: UserRow, sshkeys?: boolean): UserBrief {
  return { ...personFields(user), ...(sshkeys === undefined ? {} : { sshkeys }) };
}

/** The full user entity (schemas/entities/user.json) without list extras. */
export function toUser(user: UserRow): User {
  return {
    ...personFields(user),
    is_active: user.is_active,
    is_staff: user.is_staff,
    is_superuser: user.is_superuser,
    date_joined: new Date(user.date_joined).toISOString(),
    croris_first_name: user.croris_first_name,
    croris_last_name: user.croris_last_name,
    croris_mail: user.croris_mail,
    croris_mbz: user.croris_mbz,
  };
}

/** A user's own memberships as the session lists them. */
export async function membershipsOf(db: Db, user: UserRow): Promise<UserProject[]> {
  const rows = await membershipsOfUser(db, user.id);
  const brief = { id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name };
  return rows.map((r) => ({
    role: { name: r.role as UserProject['role']['name'] },
    project: r.project_id,
    user: brief,
    date_joined: new Date(r.date_joined).toISOString(),
  }));
}
