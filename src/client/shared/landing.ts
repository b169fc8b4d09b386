import { isPublicPath, paths } from '@/schema-runtime/pages';

/** What decides where a user lands after logging in. */
export interface LandingInput {
  /** Invitation key stored when an anonymous visitor opened an invitation link, and whether it was the English link. */
  invitation: { key: string; english: boolean } | null;
  /** Remembered paths, oldest first. */
  referrer: readonly string[];
  isStaffOrSuperuser: boolean;
  accountingEnabled: boolean;
  /** Lead of at least one project. */
  isLead: boolean;
  /** Member of any project (lead or collaborator); taken as true when not given. */
  hasProjects?: boolean;
  /** Whether this user's group may open a path (the route table's access groups); all when not given. */
  mayOpen?: (path: string) => boolean;
}

/**
 * The post-login landing path (spec, "Post-login landing"); the first rule that matches wins:
 * 1. a stored invitation key → its invitation page;
 * 2. the most recent remembered path that is not a login/public page and that the user's group may open;
 * 3. staff or superuser → requests;
 * 4. accounting enabled → project accounting for leads, own accounting for others — but a user in
 *    no project yet has no usage to see, and lands on my requests, where the first steps are;
 * 5. otherwise → my requests.
 */
export function landingPath(input: LandingInput): string {
  if (input.invitation) return paths.loginEmail.href(input.invitation.key, input.invitation.english);
  const mayOpen = input.mayOpen ?? (() => true);
  const remembered = [...input.referrer].reverse().find((path) => path.startsWith('/ui/') && !isPublicPath(path) && mayOpen(path));
  if (remembered) return remembered;
  if (input.isStaffOrSuperuser) return paths.requests.href;
  if (input.accountingEnabled && input.hasProjects !== false) return input.isLead ? paths.projectAccounting.href : paths.myAccounting.href;
  return paths.myRequests.href;
}
