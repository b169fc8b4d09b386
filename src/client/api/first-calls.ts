/*
 * The calls pages make first, by address. `api/prefetch.ts` starts them as the app opens on a page,
 * and the build writes them beside the page's files (scripts/lib/page-files.ts), so that the server
 * names them in a signed-in visitor's HTML and the browser asks for them with the entry instead of
 * after it has run. The endpoints use these addresses, so that the browser's early answer is the one
 * their fetch finds. No imports: the build reads this module in Node.
 */

/**
 * GET: the session check every document makes first; index.html preloads it (the login document
 * asks for it with `fetch`, the app through RTK Query).
 */
export const SESSION_CHECK = 'api/v1/sessionactive';
/** GET: the caller's projects as lead (my requests). */
export const LEAD_PROJECTS = 'api/v1/internal/projects/role/lead';
/** GET: per active project the caller leads, how many people are stuck. */
export const LEAD_READINESS = 'api/v1/internal/projects-readiness/';
/** GET: the grants of the projects the caller leads (a query string narrows them). */
export const GRANTS = 'api/v1/internal/grants';
/** The query of a grid page of no rows, which says whether the grid's list is paged on the server. */
export const PAGING_PROBE = 'limit=0';

/** GET: one page of a staff grid (its layout's name) with the page's query string. */
export const gridPageAddress = (grid: string, search: string): string => `api/v1/internal/grid-page/${encodeURIComponent(grid)}?${search}`;

const MY_REQUESTS = [LEAD_PROJECTS, LEAD_READINESS, GRANTS];

/** By the page's key in `paths`: the addresses its route's `prefetch` asks for first. */
export const FIRST_CALLS: Readonly<Record<string, readonly string[]>> = {
  myRequests: MY_REQUESTS,
  extendRequest: MY_REQUESTS,
  requests: [gridPageAddress('requests', PAGING_PROBE)],
  projects: [gridPageAddress('projects', PAGING_PROBE)],
  users: [gridPageAddress('users-active', PAGING_PROBE)],
  inactiveUsers: [gridPageAddress('users-inactive', PAGING_PROBE)],
};
