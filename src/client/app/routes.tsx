import { paths, requestTypePage, type PageEntry } from '@/schema-runtime/pages';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { requestTypes } from '@/client/shared/schema-set';
import { prefetchActiveUsers, prefetchInactiveUsers, prefetchMyRequests, prefetchStaffProjects, prefetchStaffRequests } from '@/client/api/prefetch';
import type { PageRoute } from './route-types';

/*
 * The route table: every page of spec point 2, its route and access group taken from its entry in
 * src/schema-runtime/pages.ts (where links read it too). This is the one place allowed to import features, and
 * only lazily, so each page is its own chunk.
 */

/** A page's route and access group, from its entry. */
const at = ({ path, access }: PageEntry): Pick<PageRoute, 'path' | 'access'> => ({ path, access });

const publicPages: PageRoute[] = [
  {
    ...at(paths.login),
    title: { key: 'login' },
    load: () => import(/* webpackChunkName: "page-login" */ '../features/auth/login-page'),
  },
  {
    ...at(paths.loginPriv),
    title: { key: 'loginPriv' },
    load: () => import(/* webpackChunkName: "page-login-priv" */ '../features/auth/login-priv-page'),
  },
  {
    ...at(paths.saml2Error),
    title: { key: 'saml2Error' },
    load: () => import(/* webpackChunkName: "page-saml2-error" */ '../features/auth/saml2-error-page'),
  },
  { ...at(paths.loginEmail), title: { key: 'loginEmail' }, load: () => import(/* webpackChunkName: "page-invitation" */ '../features/invitation/invitation-page') },
  { ...at(paths.loginEmailEnglish), title: { key: 'loginEmail' }, locale: 'en', load: () => import(/* webpackChunkName: "page-invitation" */ '../features/invitation/invitation-page') },
  {
    ...at(paths.error),
    title: { key: 'error' },
    load: () => import(/* webpackChunkName: "page-error" */ './pages/error-page'),
  },
  {
    ...at(paths.accessibility),
    title: { key: 'accessibility' },
    frame: 'either',
    load: () => import(/* webpackChunkName: "page-accessibility" */ '../features/legal-notices/accessibility-page'),
  },
  {
    ...at(paths.accessibilityEnglish),
    title: { key: 'accessibility' },
    frame: 'either',
    locale: 'en',
    load: () => import(/* webpackChunkName: "page-accessibility" */ '../features/legal-notices/accessibility-page'),
  },
  {
    ...at(paths.privacy),
    title: { key: 'privacy' },
    frame: 'either',
    load: () => import(/* webpackChunkName: "page-privacy" */ '../features/legal-notices/privacy-page'),
  },
  {
    ...at(paths.privacyEnglish),
    title: { key: 'privacy' },
    frame: 'either',
    locale: 'en',
    load: () => import(/* webpackChunkName: "page-privacy" */ '../features/legal-notices/privacy-page'),
  },
  {
    ...at(paths.saml2LoginRedirect),
    title: { key: 'saml2LoginRedirect' },
    load: () => import(/* webpackChunkName: "page-saml2-login-redirect" */ '../features/auth/saml2-login-redirect-page'),
  },
];

const staffPages: PageRoute[] = [
  {
    ...at(paths.requests),
    title: { key: 'requests' },
    load: () => import(/* webpackChunkName: "page-staff-requests" */ '../features/staff-requests/staff-requests-page'),
    prefetch: prefetchStaffRequests,
  },
  {
    ...at(paths.requestDetail),
    title: { key: 'requestDetail' },
    load: () => import(/* webpackChunkName: "page-processing-request" */ '../features/processing/request-processing-page'),
  },
  {
    ...at(paths.projects),
    title: { key: 'projects' },
    load: () => import(/* webpackChunkName: "page-staff-projects" */ '../features/staff-projects/staff-projects-page'),
    prefetch: prefetchStaffProjects,
  },
  {
    ...at(paths.projectDetail),
    title: { key: 'projectDetail' },
    load: () => import(/* webpackChunkName: "page-processing-project" */ '../features/processing/project-processing-page'),
  },
  {
    ...at(paths.users),
    title: { key: 'users' },
    load: () => import(/* webpackChunkName: "page-staff-users" */ '../features/staff-users/staff-users-page'),
    prefetch: prefetchActiveUsers,
  },
  {
    ...at(paths.inactiveUsers),
    title: { key: 'inactiveUsers' },
    load: () => import(/* webpackChunkName: "page-staff-users-inactive" */ '../features/staff-users/inactive-users-page'),
    prefetch: prefetchInactiveUsers,
  },
  {
    ...at(paths.inactiveUserDetail),
    title: { key: 'inactiveUserDetail' },
    load: () => import(/* webpackChunkName: "page-staff-user-detail" */ '../features/staff-users/user-detail-page'),
  },
  {
    ...at(paths.userDetail),
    title: { key: 'userDetail' },
    load: () => import(/* webpackChunkName: "page-staff-user-detail" */ '../features/staff-users/user-detail-page'),
  },
  {
    ...at(paths.software),
    title: { key: 'software' },
    load: () => import(/* webpackChunkName: "page-staff-software" */ '../features/staff-software/staff-software-page'),
  },
  {
    ...at(paths.outbox),
    title: { key: 'outbox' },
    load: () => import(/* webpackChunkName: "page-staff-outbox" */ '../features/staff-outbox/outbox-page'),
  },
  {
    ...at(paths.outboxMail),
    title: { key: 'outboxMail' },
    load: () => import(/* webpackChunkName: "page-staff-outbox-mail" */ '../features/staff-outbox/outbox-mail-page'),
    numericParams: ['mailId'],
  },
  {
    ...at(paths.rules),
    title: { key: 'rules' },
    load: () => import(/* webpackChunkName: "page-rules" */ '../features/rules/rules-page'),
    texts: 'rules',
  },
  {
    ...at(paths.rulesEdit),
    title: { key: 'rulesEdit' },
    load: () => import(/* webpackChunkName: "page-rules-edit" */ '../features/rules/editor/rules-editor-page'),
    texts: 'rules',
  },
  {
    ...at(paths.rulesQa),
    title: { key: 'rulesQa' },
    load: () => import(/* webpackChunkName: "page-rules-qa" */ '../features/rules/qa/rules-qa-page'),
    texts: 'rules',
  },
  {
    ...at(paths.rulesEditors),
    title: { key: 'rulesEditors' },
    load: () => import(/* webpackChunkName: "page-rules-editors" */ '../features/rules/editors/rule-editors-page'),
    texts: 'rules',
  },
];

/** One page per request type of schemas/requests/index.json; staff-only types get the staff guard. */
const requestTypePages = (): PageRoute[] => requestTypes().map((type) => ({
  ...at(requestTypePage(type)),
  title: { text: type.label },
  load: () => import(/* webpackChunkName: "page-new-request-type" */ '../features/requests/request-type-page'),
}));

const userPages: PageRoute[] = [
  {
    ...at(paths.myRequests),
    title: { key: 'myRequests' },
    load: () => import(/* webpackChunkName: "page-my-requests" */ '../features/my-requests/my-requests-page'),
    prefetch: prefetchMyRequests,
  },
  {
    ...at(paths.extendRequest),
    title: { key: 'extendRequest' },
    load: () => import(/* webpackChunkName: "page-my-requests" */ '../features/my-requests/my-requests-page'),
    prefetch: prefetchMyRequests,
  },
  {
    ...at(paths.myRequestDetail),
    title: { key: 'myRequestDetail' },
    load: () => import(/* webpackChunkName: "page-my-request-detail" */ '../features/my-requests/my-request-detail-page'),
  },
  {
    ...at(paths.newRequest),
    title: { key: 'newRequest' },
    load: () => import(/* webpackChunkName: "page-new-request" */ '../features/requests/new-request-page'),
  },
  // A research-project request pre-filled from one research-registry project, addressed by its numeric id.
  {
    ...at(paths.researchRequest),
    title: { key: 'newResearchProjectFromRegistry' },
    load: () => import(/* webpackChunkName: "page-research-request" */ '../features/requests/research-request-page'),
    numericParams: ['projId'],
  },
  { ...at(paths.publicKeys), title: { key: 'publicKeys' }, load: () => import(/* webpackChunkName: "page-public-keys" */ '../features/public-keys/public-keys-page') },
  { ...at(paths.newPublicKey), title: { key: 'newPublicKey' }, load: () => import(/* webpackChunkName: "page-new-public-key" */ '../features/public-keys/new-public-key-page') },
  { ...at(paths.memberships), title: { key: 'memberships' }, load: () => import(/* webpackChunkName: "page-memberships" */ '../features/memberships/active-memberships-page') },
  { ...at(paths.inactiveMemberships), title: { key: 'inactiveMemberships' }, load: () => import(/* webpackChunkName: "page-inactive-memberships" */ '../features/memberships/inactive-memberships-page') },
  { ...at(paths.membershipDetail), title: { key: 'membershipDetail' }, load: () => import(/* webpackChunkName: "page-membership-detail" */ '../features/memberships/membership-detail-page') },
  { ...at(paths.myInfo), title: { key: 'myInfo' }, load: () => import(/* webpackChunkName: "page-my-info" */ '../features/my-info/my-info-page') },
  { ...at(paths.myData), title: { key: 'myData' }, load: () => import(/* webpackChunkName: "page-my-data" */ '../features/my-info/my-data-page') },
];

const accountingPages: PageRoute[] = [
  { ...at(paths.projectAccounting), title: { key: 'projectAccounting' }, load: () => import(/* webpackChunkName: "page-project-accounting" */ '../features/accounting/project-accounting-page') },
  { ...at(paths.projectUsersAccounting), title: { key: 'projectUsersAccounting' }, load: () => import(/* webpackChunkName: "page-project-users-accounting" */ '../features/accounting/project-users-accounting-page') },
  { ...at(paths.myAccounting), title: { key: 'myAccounting' }, load: () => import(/* webpackChunkName: "page-my-accounting" */ '../features/accounting/my-accounting-page') },
  // Staff only, though listed here: the report reads the accounting aggregates.
  { ...at(paths.scienceUsage), title: { key: 'scienceUsage' }, load: () => import(/* webpackChunkName: "page-science-usage" */ '../features/accounting/science-usage-page') },
  { ...at(paths.hoursGranted), title: { key: 'hoursGranted' }, load: () => import(/* webpackChunkName: "page-hours-granted" */ '../features/accounting/hours-granted-page') },
];

/** The route table of the schema set held now: a request type that goes live gets its page. */
export const pageRoutes = perSchemaSet((): readonly PageRoute[] => [
  ...publicPages,
  ...staffPages,
  ...userPages,
  ...requestTypePages(),
  ...accountingPages,
]);
