import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { PAGING_PROBE } from './first-calls';
import { gridPagesApi } from './grid-pages';
import { grantsApi } from './grants';
import { projectsApi } from './projects';
import { readinessApi } from './readiness';
import { staffApi } from './staff';

/** The store's dispatch, as far as starting queries needs it. */
export type PrefetchDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * Starts a page's first calls as the app starts, beside the page's chunk and the session check,
 * instead of after the page has loaded and rendered: on a phone each of those steps is a round trip
 * and a slow render. The page's own hooks then find the answers in the cache (a call that failed,
 * e.g. for a visitor who turns out to be signed out, is made again when the page subscribes).
 * What each route's prefetch asks for first is listed in `first-calls.ts`, for the server's hints.
 */
export type Prefetch = (dispatch: PrefetchDispatch) => void;

/** /ui/my-requests: the lead's projects, their members' readiness and the grant notices (`my-requests-page.tsx`). */
export const prefetchMyRequests: Prefetch = (dispatch) => {
  void dispatch(projectsApi.util.prefetch('myLeadProjects', undefined, {}));
  void dispatch(readinessApi.util.prefetch('leadReadiness', undefined, {}));
  void dispatch(grantsApi.util.prefetch('grants', {}, {}));
};

/**
 * A staff grid (`useStaffGridSource`): whether its list is paged on the server and, when it is
 * not, the whole list right after, without waiting for the grid to render.
 */
function prefetchStaffGrid(grid: string, whole: (dispatch: PrefetchDispatch) => void): Prefetch {
  return (dispatch) => {
    const paging = dispatch(gridPagesApi.endpoints.gridPage.initiate({ grid, search: PAGING_PROBE }, { subscribe: false }));
    void paging.then(({ data }) => {
      if (data && !data.paged) whole(dispatch);
    });
  };
}

const allProjects = (dispatch: PrefetchDispatch) => void dispatch(projectsApi.util.prefetch('allProjects', undefined, {}));

export const prefetchStaffRequests = prefetchStaffGrid('requests', allProjects);
export const prefetchStaffProjects = prefetchStaffGrid('projects', allProjects);
export const prefetchActiveUsers = prefetchStaffGrid('users-active', (dispatch) => void dispatch(staffApi.util.prefetch('activeUsers', undefined, {})));
export const prefetchInactiveUsers = prefetchStaffGrid('users-inactive', (dispatch) => void dispatch(staffApi.util.prefetch('inactiveUsers', undefined, {})));
