import { matchPath } from 'react-router';
import type { AccessGroup } from './route-types';
import { pageRoutes } from './routes';

/** The access group of the page a /ui path opens, or null when no page of the route table matches it. */
export function accessOfPath(path: string): AccessGroup | null {
  const pathname = path.split(/[?#]/)[0];
  const page = pageRoutes.find((candidate) => matchPath({ path: `/ui/${candidate.path}`, end: true }, pathname));
  return page ? page.access : null;
}

/** Whether a user may open a path: the page exists, and its group is one the user belongs to. */
export function mayOpenPath(path: string, user: { isStaffOrSuperuser: boolean; accountingEnabled: boolean }): boolean {
  const access = accessOfPath(path);
  if (access === null) return false;
  if (access === 'staff') return user.isStaffOrSuperuser;
  if (access === 'accounting') return user.accountingEnabled;
  return true;
}
