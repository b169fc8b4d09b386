/*
 * Every page of the client, once: its route below /ui (`path`, what the route table matches), who may
 * open it (`access`) and the link to it (`href`, a function of the page's params where it has any).
 * The route table (app/routes.tsx) adds title and module; links and redirects read `href`.
 */

/** Who may open a page (spec point 2, "Access groups"). */
export type AccessGroup = 'public' | 'session' | 'user' | 'staff' | 'accounting';

/** One page: its route below /ui, its access group and the link to it. */
export interface PageEntry<Href extends string | ((...params: any[]) => string) = string | ((...params: any[]) => string)> {
  path: string;
  access: AccessGroup;
  href: Href;
}

/** Where the client's pages live: every page's link starts with it. */
export const UI_ROOT = '/ui/';
const ui = UI_ROOT;
const id = (value: string | number): string => encodeURIComponent(String(value));

/** A page without params: its link is its path. */
function page(path: string, access: AccessGroup): PageEntry<string> {
  return { path, access, href: `${ui}${path}` };
}

/** A page with params: its link is built from them (each one encoded). */
function pageWith<P extends unknown[]>(path: string, access: AccessGroup, href: (...params: P) => string): PageEntry<(...params: P) => string> {
  return { path, access, href };
}

const loginEmailHref = (inviteKey: string, english: boolean): string => `${ui}login-email/${id(inviteKey)}${english ? '/en' : ''}`;

export const paths = {
  login: page('login', 'public'),
  loginPriv: page('login-priv', 'public'),
  saml2Error: pageWith('saml2-error/:errorType?', 'public', (errorType?: string) => `${ui}saml2-error${errorType ? `/${id(errorType)}` : ''}`),
  loginEmail: pageWith('login-email/:inviteKey', 'public', loginEmailHref),
  loginEmailEnglish: pageWith('login-email/:inviteKey/en', 'public', (inviteKey: string) => loginEmailHref(inviteKey, true)),
  error: page('error', 'public'),
  saml2LoginRedirect: page('saml2-login-redirect', 'session'),
  // What the law asks a public body's site to publish: open to anyone, signed in or not.
  accessibility: page('accessibility', 'public'),
  accessibilityEnglish: page('accessibility/en', 'public'),
  privacy: page('privacy', 'public'),
  privacyEnglish: page('privacy/en', 'public'),

  requests: page('requests', 'staff'),
  requestDetail: pageWith('requests/:projId', 'staff', (identifier: string) => `${ui}requests/${id(identifier)}`),
  projects: page('projects', 'staff'),
  projectDetail: pageWith('projects/:projId', 'staff', (identifier: string) => `${ui}projects/${id(identifier)}`),
  users: page('users', 'staff'),
  inactiveUsers: page('users/inactive', 'staff'),
  inactiveUserDetail: pageWith('users/inactive/:userId', 'staff', (username: string) => `${ui}users/inactive/${id(username)}`),
  userDetail: pageWith('users/:userId', 'staff', (username: string) => `${ui}users/${id(username)}`),
  software: page('software', 'staff'),
  rules: page('rules', 'staff'),
  rulesEdit: page('rules/edit', 'staff'),
  rulesQa: page('rules/qa', 'staff'),
  rulesEditors: page('rules/editors', 'staff'),
  outbox: page('outbox', 'staff'),
  outboxMail: pageWith('outbox/:mailId', 'staff', (mailId: number) => `${ui}outbox/${mailId}`),

  myRequests: page('my-requests', 'user'),
  extendRequest: pageWith('my-requests/extend/:projId', 'user', (identifier: string) => `${ui}my-requests/extend/${id(identifier)}`),
  myRequestDetail: pageWith('my-requests/:projId', 'user', (identifier: string) => `${ui}my-requests/${id(identifier)}`),
  newRequest: page('new-request', 'user'),
  researchRequest: pageWith('new-request/research-project/:projId', 'user', (registryId: number) => `${ui}new-request/research-project/${registryId}`),
  publicKeys: page('public-keys', 'user'),
  newPublicKey: page('public-keys/new', 'user'),
  memberships: page('memberships', 'user'),
  inactiveMemberships: page('memberships/inactive', 'user'),
  membershipDetail: pageWith('memberships/:projId', 'user', (identifier: string) => `${ui}memberships/${id(identifier)}`),
  myInfo: page('my-info', 'user'),
  myData: page('my-info/data', 'user'),

  projectAccounting: page('project-accounting', 'accounting'),
  projectUsersAccounting: page('project-users-accounting', 'accounting'),
  myAccounting: page('my-accounting', 'accounting'),
  // Staff only, though an accounting page: the report reads the accounting aggregates.
  scienceUsage: page('science-usage', 'staff'),
  hoursGranted: page('hours-granted', 'staff'),
} as const;

/**
 * The login page opened by its address without a session is a document of its own: an entry
 * (`src/client/login.tsx`) that shows the login card without the app's router and API layer, so
 * every visitor's first page loads only what it shows. The server sends its HTML for that page to a
 * visitor without a session; a signed-in visitor gets the app, whose route for the page lands them.
 */
export const loginDocument = { page: paths.login, entry: 'login', html: 'login.html' } as const;

/**
 * A request type's page: one per type of the schema set (schemas/requests/index.json), so made here
 * rather than listed above; a staff-only type's page is a staff page.
 */
export function requestTypePage(type: { value: string; staffOnly?: boolean }): PageEntry<string> {
  return page(`${paths.newRequest.path}/${type.value}`, type.staffOnly ? 'staff' : 'user');
}

/** The part of a page's route before its first param: every link to the page starts with it. */
const prefixOf = (entry: PageEntry): string => `${ui}${entry.path.split('/:')[0]}`;

/**
 * Whether pages of an access group are shown signed out: before logging in, and the one that follows
 * the federated sign-in. They sit outside the logged-in frame and need only the shell texts.
 */
export function isSignedOut(access: AccessGroup): boolean {
  return access === 'public' || access === 'session';
}

/** Pages a visitor sees signed out; never remembered as a place to return to after login. */
const PUBLIC_PREFIXES = Object.values(paths as Record<string, PageEntry>)
  .filter((entry) => isSignedOut(entry.access))
  .map(prefixOf);

/** True for the login, invitation, SAML error and error pages (and `/ui/login-priv`, `/ui/login-email/…`). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}
