import { paths } from '@/schema-runtime/pages';

/** Links between the staff pages, shared by grids and detail pages. */

/** The staff page of a user: the inactive variant for a user whose status is inactive. */
export function userDetailPath(username: string, inactive: boolean): string {
  return (inactive ? paths.inactiveUserDetail : paths.userDetail).href(username);
}

/** The staff page of a project (processing screen in manage-project mode). */
export function projectPath(identifier: string): string {
  return paths.projectDetail.href(identifier);
}
