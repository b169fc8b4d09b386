import { requestTypes } from '../shared/schema-set';
import type { PageRoute } from './route-types';

/*
 * The route table: every page of spec point 2 with its access group. This is the one place allowed
 * to import features, and only lazily, so each page is its own chunk.
 */

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
  { path: 'login-email/:inviteKey', access: 'public', title: { key: 'loginEmail' }, load: () => import(/* webpackChunkName: "page-invitation" */ '../features/invitation/invitation-page') },
  { path: 'login-email/:inviteKey/en', access: 'public', title: { key: 'loginEmail' }, locale: 'en', load: () => import(/* webpackChunkName: "page-invitation" */ '../features/invitation/invitation-page') },
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
  {
    path: 'requests',
    access: 'staff',
    title: { key: 'requests' },
    load: () => import(/* webpackChunkName: "page-staff-requests" */ '../features/staff-requests/staff-requests-page'),
  },
  {
    path: 'requests/:projId',
    access: 'staff',
    title: { key: 'requestDetail' },
    load: () => import(/* webpackChunkName: "page-processing-request" */ '../features/processing/request-processing-page'),
  },
  {
    path: 'projects',
    access: 'staff',
    title: { key: 'projects' },
    load: () => import(/* webpackChunkName: "page-staff-projects" */ '../features/staff-projects/staff-projects-page'),
  },
  {
    path: 'projects/:projId',
    access: 'staff',
    title: { key: 'projectDetail' },
    load: () => import(/* webpackChunkName: "page-processing-project" */ '../features/processing/project-processing-page'),
  },
  {
    path: 'users',
    access: 'staff',
    title: { key: 'users' },
    load: () => import(/* webpackChunkName: "page-staff-users" */ '../features/staff-users/staff-users-page'),
  },
  {
    path: 'users/inactive',
    access: 'staff',
    title: { key: 'inactiveUsers' },
    load: () => import(/* webpackChunkName: "page-staff-users-inactive" */ '../features/staff-users/inactive-users-page'),
  },
  {
    path: 'users/inactive/:userId',
    access: 'staff',
    title: { key: 'inactiveUserDetail' },
    load: () => import(/* webpackChunkName: "page-staff-user-detail" */ '../features/staff-users/user-detail-page'),
  },
  {
    path: 'users/:userId',
    access: 'staff',
    title: { key: 'userDetail' },
    load: () => import(/* webpackChunkName: "page-staff-user-detail" */ '../features/staff-users/user-detail-page'),
  },
  {
    path: 'software',
    access: 'staff',
    title: { key: 'software' },
    load: () => import(/* webpackChunkName: "page-staff-software" */ '../features/staff-software/staff-software-page'),
  },
];

/** One page per request type of schemas/requests/index.json; staff-only types get the staff guard. */
const requestTypePages: PageRoute[] = requestTypes.map((type) => ({
  path: `new-request/${type.value}`,
  access: type.staffOnly ? 'staff' : 'user',
  title: { text: type.label },
  load: () => import(/* webpackChunkName: "page-new-request-type" */ '../features/requests/request-type-page'),
}));

const userPages: PageRoute[] = [
  {
    path: 'my-requests',
    access: 'user',
    title: { key: 'myRequests' },
    load: () => import(/* webpackChunkName: "page-my-requests" */ '../features/my-requests/my-requests-page'),
  },
  {
    path: 'my-requests/extend/:projId',
    access: 'user',
    title: { key: 'extendRequest' },
    load: () => import(/* webpackChunkName: "page-my-requests" */ '../features/my-requests/my-requests-page'),
  },
  {
    path: 'my-requests/:projId',
    access: 'user',
    title: { key: 'myRequestDetail' },
    load: () => import(/* webpackChunkName: "page-my-request-detail" */ '../features/my-requests/my-request-detail-page'),
  },
  {
    path: 'new-request',
    access: 'user',
    title: { key: 'newRequest' },
    load: () => import(/* webpackChunkName: "page-new-request" */ '../features/requests/new-request-page'),
  },
  // A research-project request pre-filled from one research-registry project, addressed by its numeric id.
  {
    path: 'new-request/research-project/:projId',
    access: 'user',
    title: { key: 'newResearchProjectFromRegistry' },
    load: () => import(/* webpackChunkName: "page-research-request" */ '../features/requests/research-request-page'),
    numericParams: ['projId'],
  },
  { path: 'public-keys', access: 'user', title: { key: 'publicKeys' }, load: () => import(/* webpackChunkName: "page-public-keys" */ '../features/public-keys/public-keys-page') },
  { path: 'public-keys/new', access: 'user', title: { key: 'newPublicKey' }, load: () => import(/* webpackChunkName: "page-new-public-key" */ '../features/public-keys/new-public-key-page') },
  { path: 'memberships', access: 'user', title: { key: 'memberships' }, load: () => import(/* webpackChunkName: "page-memberships" */ '../features/memberships/active-memberships-page') },
  { path: 'memberships/inactive', access: 'user', title: { key: 'inactiveMemberships' }, load: () => import(/* webpackChunkName: "page-inactive-memberships" */ '../features/memberships/inactive-memberships-page') },
  { path: 'memberships/:projId', access: 'user', title: { key: 'membershipDetail' }, load: () => import(/* webpackChunkName: "page-membership-detail" */ '../features/memberships/membership-detail-page') },
  { path: 'my-info', access: 'user', title: { key: 'myInfo' }, load: () => import(/* webpackChunkName: "page-my-info" */ '../features/my-info/my-info-page') },
];

const accountingPages: PageRoute[] = [
  { path: 'project-accounting', access: 'accounting', title: { key: 'projectAccounting' }, load: () => import(/* webpackChunkName: "page-project-accounting" */ '../features/accounting/project-accounting-page') },
  { path: 'project-users-accounting', access: 'accounting', title: { key: 'projectUsersAccounting' }, load: () => import(/* webpackChunkName: "page-project-users-accounting" */ '../features/accounting/project-users-accounting-page') },
  { path: 'my-accounting', access: 'accounting', title: { key: 'myAccounting' }, load: () => import(/* webpackChunkName: "page-my-accounting" */ '../features/accounting/my-accounting-page') },
  // Staff only, though listed here: the report reads the accounting aggregates.
  { path: 'science-usage', access: 'staff', title: { key: 'scienceUsage' }, load: () => import(/* webpackChunkName: "page-science-usage" */ '../features/accounting/science-usage-page') },
];

export const pageRoutes: readonly PageRoute[] = [
  ...publicPages,
  ...staffPages,
  ...userPages,
  ...requestTypePages,
  ...accountingPages,
];
