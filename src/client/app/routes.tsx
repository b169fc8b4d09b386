import { requestTypes } from '../shared/schema-set';
import type { PageRoute, TitleKey } from './route-types';

/*
 * The route table: every page of spec point 2 with its access group. This is the one place allowed
 * to import features, and only lazily, so each page is its own chunk.
 */

const placeholder = () => import(/* webpackChunkName: "page-placeholder" */ './pages/placeholder-page');

/** A page that a later feature fills in; until then the shared placeholder shows its title. */
function planned(path: string, access: PageRoute['access'], key: TitleKey, extra: Partial<PageRoute> = {}): PageRoute {
  return { path, access, title: { key }, load: placeholder, ...extra };
}

const publicPages: PageRoute[] = [
  {
    path: 'login',
    access: 'public',
    title: { key: 'login' },
    load: () => import(/* webpackChunkName: "page-login" */ '../features/auth/login-page'),
  },
  {
    path: 'login-priv',
    access: 'public',
    title: { key: 'loginPriv' },
    load: () => import(/* webpackChunkName: "page-login-priv" */ '../features/auth/login-priv-page'),
  },
  {
    path: 'saml2-error/:errorType?',
    access: 'public',
    title: { key: 'saml2Error' },
    load: () => import(/* webpackChunkName: "page-saml2-error" */ '../features/auth/saml2-error-page'),
  },
  planned('login-email/:inviteKey', 'public', 'loginEmail'),
  planned('login-email/:inviteKey/en', 'public', 'loginEmail', { locale: 'en' }),
  {
    path: 'error',
    access: 'public',
    title: { key: 'error' },
    load: () => import(/* webpackChunkName: "page-error" */ './pages/error-page'),
  },
  {
    path: 'saml2-login-redirect',
    access: 'session',
    title: { key: 'saml2LoginRedirect' },
    load: () => import(/* webpackChunkName: "page-saml2-login-redirect" */ '../features/auth/saml2-login-redirect-page'),
  },
];

const staffPages: PageRoute[] = [
  planned('requests', 'staff', 'requests'),
  planned('requests/:projId', 'staff', 'requestDetail'),
  planned('projects', 'staff', 'projects'),
  planned('projects/:projId', 'staff', 'projectDetail'),
  planned('users', 'staff', 'users'),
  planned('users/inactive', 'staff', 'inactiveUsers'),
  planned('users/inactive/:userId', 'staff', 'inactiveUserDetail'),
  planned('users/:userId', 'staff', 'userDetail'),
  planned('software', 'staff', 'software'),
];

/** One page per request type of schemas/requests/index.json; staff-only types get the staff guard. */
const requestTypePages: PageRoute[] = requestTypes.map((type) => ({
  path: `new-request/${type.value}`,
  access: type.staffOnly ? 'staff' : 'user',
  title: { text: type.label },
  load: placeholder,
}));

const userPages: PageRoute[] = [
  planned('my-requests', 'user', 'myRequests'),
  planned('my-requests/extend/:projId', 'user', 'extendRequest'),
  planned('my-requests/:projId', 'user', 'myRequestDetail'),
  planned('new-request', 'user', 'newRequest'),
  // A research-project request pre-filled from one research-registry project, addressed by its numeric id.
  planned('new-request/research-project/:projId', 'user', 'newResearchProjectFromRegistry', { numericParams: ['projId'] }),
  planned('public-keys', 'user', 'publicKeys'),
  planned('public-keys/new', 'user', 'newPublicKey'),
  planned('memberships', 'user', 'memberships'),
  planned('memberships/inactive', 'user', 'inactiveMemberships'),
  planned('memberships/:projId', 'user', 'membershipDetail'),
  planned('my-info', 'user', 'myInfo'),
];

const accountingPages: PageRoute[] = [
  planned('project-accounting', 'accounting', 'projectAccounting'),
  planned('project-users-accounting', 'accounting', 'projectUsersAccounting'),
  planned('my-accounting', 'accounting', 'myAccounting'),
];

export const pageRoutes: readonly PageRoute[] = [
  ...publicPages,
  ...staffPages,
  ...userPages,
  ...requestTypePages,
  ...accountingPages,
];
