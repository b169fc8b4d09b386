/** Memberships of the current portal (`backend_userproject`) → `memberships`, with their roles and joining dates. */
import type { Selectable } from 'kysely';
import type { Convert, ImportRun, EntityImport } from './engine';
import { orphanReason, refuse } from './engine';
import { Claims } from './checks';
import { lookupIds } from '@/server/db/vocabularies';
import type { SourceMembership } from './source-tables';
import { membershipTriples } from '../memberships/queries';

type Row = Selectable<SourceMembership>;

export function membershipsImport(run: ImportRun, rows: Row[], sourceRoles: Map<number, string>): EntityImport<Row, 'memberships'> {
  return { name: 'memberships', target: 'memberships', rows, prepare: () => membershipsCheck(run, sourceRoles) };
}

/** Reads what the checks of new and changed rows need, and answers the check. */
async function membershipsCheck(run: ImportRun, sourceRoles: Map<number, string>): Promise<Convert<Row, 'memberships'>> {
  const roles = await lookupIds(run.target, 'roles');
  const here = await membershipTriples(run.target);
  const key = (user: number, project: number, role: number) => `${user}/${project}/${role}`;
  const taken = new Claims(here.map((m) => [key(m.user_id, m.project_id, m.role_id), m.id] as [string, number]));
  return (row, targetId) => {
    const user = run.ids.users.get(row.user_id);
    if (user === undefined) return refuse('orphan', orphanReason(run, 'users', row.user_id, 'user'));
    const project = run.ids.projects.get(row.project_id);
    if (project === undefined) return refuse('orphan', orphanReason(run, 'projects', row.project_id, 'project'));
    const roleName = sourceRoles.get(row.role_id);
    const role = roleName === undefined ? undefined : roles.get(roleName);
    if (role === undefined) return refuse('invalid', `role "${roleName ?? row.role_id}" is not one the portal knows`);
    const owner = taken.claim(key(user, project, role), row.id, targetId);
    if (owner) return refuse('conflict', `the user is already a ${roleName} of the project here (membership id ${owner.here ?? `of source ${owner.sourceId}`})`);
    return { values: { user_id: user, project_id: project, role_id: role, ...(row.date_joined ? { date_joined: row.date_joined } : {}) } };
  };
}
