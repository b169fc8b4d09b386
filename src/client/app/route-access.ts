import { matchPath } from 'react-router';
import type { MayOpen } from '@/client/shared/may-open';
import type { AccessGroup, PageRoute } from './route-types';
import { pageRoutes } from './routes';

/** The page of the route table a /ui path opens, if any. */
export function pageOfPath(path: string): PageRoute | undefined {
  const pathname = path.split(/[?#]/)[0];
  return pageRoutes().find((candidate) => matchPath({ path: `/ui/${candidate.path}`, end: true }, pathname));
}

/** The access group of the page a /ui path opens, or null when no page of the route table matches it. */
export function accessOfPath(path: string): AccessGroup | null {
  return pageOfPath(path)?.access ?? null;
}

/** Whether a user may open a path: the page exists, and its group is one the user belongs to. */
export const mayOpenPath: MayOpen = (path, user) => {
  const access = accessOfPath(path);
  if (access === null) return false;
  if (access === 'staff') return user.isStaffOrSuperuser;
  if (access === 'accounting') return user.accountingEnabled;
  return true;
};
