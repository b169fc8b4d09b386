/** Links between the staff pages, shared by grids and detail pages. */

/** The staff page of a user: the inactive variant for a user whose status is inactive. */
export function userDetailPath(username: string, inactive: boolean): string {
  return `/ui/users/${inactive ? 'inactive/' : ''}${encodeURIComponent(username)}`;
}

/** The staff page of a request (processing screen). */
export function requestPath(identifier: string): string {
  return `/ui/requests/${encodeURIComponent(identifier)}`;
}

/** The staff page of a project (processing screen in manage-project mode). */
export function projectPath(identifier: string): string {
  return `/ui/projects/${encodeURIComponent(identifier)}`;
}
