/** Absolute client paths the code navigates to. Every page lives under /ui. */
export const paths = {
  login: '/ui/login',
  loginPriv: '/ui/login-priv',
  error: '/ui/error',
  requests: '/ui/requests',
  myRequests: '/ui/my-requests',
  newRequest: '/ui/new-request',
  memberships: '/ui/memberships',
  publicKeys: '/ui/public-keys',
  myInfo: '/ui/my-info',
  projects: '/ui/projects',
  users: '/ui/users',
  software: '/ui/software',
  projectAccounting: '/ui/project-accounting',
  projectUsersAccounting: '/ui/project-users-accounting',
  myAccounting: '/ui/my-accounting',
  scienceUsage: '/ui/science-usage',
  loginEmail: (inviteKey: string, english: boolean): string =>
    `/ui/login-email/${encodeURIComponent(inviteKey)}${english ? '/en' : ''}`,
} as const;

/** Pages a visitor sees before logging in; never remembered as a place to return to after login. */
const PUBLIC_PREFIXES = ['/ui/login', '/ui/saml2-error', '/ui/saml2-login-redirect', '/ui/error'];

/** True for the login, invitation, SAML error and error pages (and `/ui/login-priv`, `/ui/login-email/…`). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}
