/**
 * What every route takes and answers, in one place (docs/decisions/0140-route-schemas-and-openapi.md):
 * `METHOD url` as Fastify registers it → path parameters, query string, body and the answers per
 * status, as `$ref`s into `schemas/api/` and `schemas/entities/` or small inline schemas. The
 * `onRoute` hook of plugins/openapi.ts attaches them to the routes and the OpenAPI document at
 * /api/openapi.json is built from them. A route the app registers without a line here (and not in
 * {@link UNDOCUMENTED_ROUTES}) fails tests/api/openapi.test.ts.
 *
 * Validation stays where it is: a route file that validates its body or query string keeps its own
 * schema (compiled by the schema set's ajv, answering the hr/en catalogue's messages), and its line
 * here must name the same schema (the test checks). Parts a handler checks itself are documented here.
 */
import { schemaIdOf } from '../../schema-runtime';

/** A JSON Schema: a `$ref` to a schema of the set (full `$id`, maybe with a fragment) or an inline schema. */
export type RouteSchema = Record<string, unknown>;

/** One answer: a JSON body with its schema, or another media type (redirects have no body). */
export type RouteAnswer = { description: string; schema?: RouteSchema; contentType?: string };

export interface RouteDeclaration {
  summary: string;
  params?: RouteSchema;
  querystring?: RouteSchema;
  body?: RouteSchema;
  /** How the body is sent when it is not JSON. */
  bodyContentType?: string;
  /** Success (and expected non-error) answers by status; error answers are the envelope of api/error.json. */
  response: Record<number, RouteAnswer>;
}

/** `{ $ref }` to a schema of the set by short name (`api/login`, `entities/project#/properties/id`). */
export const ref = (name: string): RouteSchema => {
  const [doc, fragment] = name.split('#');
  return { $ref: `${schemaIdOf(doc)}${fragment === undefined ? '' : `#${fragment}`}` };
};
const arrayOf = (name: string): RouteSchema => ({ type: 'array', items: ref(name) });
const json = (description: string, schema: RouteSchema): RouteAnswer => ({ description, schema });
const redirect = (description: string): RouteAnswer => ({ description });
/** Path parameters, all text, all required. */
const path = (params: Record<string, string>): RouteSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(params).map(([name, description]) => [name, { type: 'string', description }])),
  required: Object.keys(params),
});
/** A query string of optional text values. */
const query = (params: Record<string, string>): RouteSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(params).map(([name, description]) => [name, { type: 'string', description }])),
});

const MESSAGE = ref('api/message-answer');
const PROJECT = ref('entities/project');
const PROJECTS = arrayOf('entities/project');
const SESSION: RouteDeclaration = {
  summary: 'The caller’s session: signed in or not, the CSRF token, the user with their memberships and the portal’s switches.',
  response: { 200: json('The session (active false for an anonymous caller, who gets a CSRF cookie).', ref('entities/session')) },
};
const REGISTRY_OWN: RouteDeclaration = {
  summary: 'The caller’s research registry (CroRIS) data: person, projects they lead and their collaborators (without national ids).',
  response: { 200: json('The registry data; registry trouble is reported in status, still with 200.', ref('entities/registry-info')) },
};
const CAN_SUBMIT: RouteDeclaration = {
  summary: 'Whether the caller may file an institutional project, and why not.',
  response: { 200: json('The check.', ref('entities/institute-check')) },
};
const USAGE_QUERY = query({
  year: 'A year (yyyy) to show instead of the range.',
  range: 'The months shown: one of the ranges of rules/constants.json.',
  project: 'A project identifier (staff: any; a lead: one they lead).',
});

/** SAML routes of one federation (national at /saml2, eduGAIN at /saml2/edugain): each with and without the trailing slash. */
function federationRoutes(base: string, name: string): Record<string, RouteDeclaration> {
  const both = (method: string, path: string, declaration: RouteDeclaration) => ({
    [`${method} ${base}/${path}`]: declaration,
    [`${method} ${base}/${path}/`]: declaration,
  });
  const form: Pick<RouteDeclaration, 'body' | 'bodyContentType'> = {
    body: { type: 'object', properties: { SAMLResponse: { type: 'string' }, SAMLRequest: { type: 'string' }, RelayState: { type: 'string' } } },
    bodyContentType: 'application/x-www-form-urlencoded',
  };
  const ls: RouteDeclaration = {
    summary: `${name}: single logout service (the identity provider’s logout request or answer).`,
    querystring: query({ SAMLRequest: 'A logout request (HTTP-Redirect).', SAMLResponse: 'A logout answer (HTTP-Redirect).', RelayState: 'Where to go afterwards.' }),
    response: { 302: redirect('On to the identity provider or the portal.'), 303: redirect('On to the portal or its error page.') },
  };
  return {
    ...both('GET', 'login', {
      summary: `${name}: starts a sign-in at the identity provider.`,
      querystring: query({ next: 'The portal page to land on afterwards.' }),
      response: { 302: redirect('To the identity provider, or to an error page when the federation is not configured.') },
    }),
    ...both('POST', 'acs', {
      summary: `${name}: assertion consumer service; a valid SAML response signs the user in.`,
      ...form,
      response: { 303: redirect('To the portal (signed in) or to its error page.') },
    }),
    ...both('GET', 'metadata', {
      summary: `${name}: the service provider’s SAML metadata.`,
      response: { 200: { description: 'The metadata.', contentType: 'application/samlmetadata+xml' } },
    }),
    ...both('GET', 'logout', {
      summary: `${name}: ends the session and signs out at the identity provider.`,
      response: { 302: redirect('To the identity provider or the login page.') },
    }),
    [`GET ${base}/ls`]: ls,
    [`GET ${base}/ls/`]: ls,
    [`POST ${base}/ls`]: { ...ls, ...form },
    [`POST ${base}/ls/`]: { ...ls, ...form },
  };
}

export const ROUTE_SCHEMAS: Record<string, RouteDeclaration> = {
  // Operator endpoints.
  'GET /healthz': { summary: 'The process answers.', response: { 200: json('Up.', ref('api/operations-answers#/definitions/health')) } },
  'GET /readyz': {
    summary: 'Database reachable, migrations applied, the outbox sender of this process alive.',
    response: {
      200: json('Ready.', ref('api/operations-answers#/definitions/ready')),
      503: json('Not ready; checks say why.', ref('api/operations-answers#/definitions/ready')),
    },
  },
  'GET /metrics': {
    summary: 'Prometheus metrics; only for the addresses of METRICS_ALLOW.',
    response: { 200: { description: 'Prometheus text exposition format.', contentType: 'text/plain' } },
  },
  'GET /api/openapi.json': { summary: 'This OpenAPI document.', response: { 200: json('The document.', ref('api/operations-answers#/definitions/openapi')) } },
  'GET /api/v1/internal/schemas/': {
    summary: 'The schema set the server runs on, for the browser.',
    response: { 200: json('Every document of schemas/.', ref('api/operations-answers#/definitions/schemaSet')) },
  },

  // Session.
  'GET /api/v1/sessionactive': SESSION,
  'GET /api/v1/sessionactive/': SESSION,
  'POST /auth/login/': {
    summary: 'Signs in with a username and password (rate-limited); sets the session cookie.',
    body: ref('api/login'),
    response: { 200: json('Signed in.', MESSAGE) },
  },
  'POST /auth/logout/': { summary: 'Ends the session.', response: { 200: json('Where the browser goes next.', ref('api/logout-answer')) } },
  ...federationRoutes('/saml2', 'National federation'),
  ...federationRoutes('/saml2/edugain', 'eduGAIN'),

  // Research registry.
  'GET /api/v1/internal/croris-info/': REGISTRY_OWN,
  'GET /api/v1/internal/croris-info': REGISTRY_OWN,
  'GET /api/v1/internal/croris-info/:oib': {
    summary: 'Staff: anyone’s registry data by national id (OIB, 11 digits).',
    params: path({ oib: 'National id, 11 digits.' }),
    response: { 200: json('The registry data.', ref('entities/registry-info')) },
  },
  'GET /api/v1/internal/can-submit-institute-project': CAN_SUBMIT,
  'GET /api/v1/internal/can-submit-institute-project/': CAN_SUBMIT,

  // SSH keys.
  'GET /api/v1/internal/keys/': { summary: 'The caller’s public keys.', response: { 200: json('Oldest first.', arrayOf('entities/ssh-key')) } },
  'GET /api/v1/internal/keys/:personUsername': {
    summary: 'Staff: a user’s public keys, by cluster username.',
    params: path({ personUsername: 'The user’s cluster username.' }),
    response: { 200: json('Oldest first.', arrayOf('entities/ssh-key')) },
  },
  'POST /api/v1/internal/keys/': {
    summary: 'Adds a public key (members of an active project only).',
    body: ref('api/ssh-key-new'),
    response: { 201: json('The key as stored.', ref('entities/ssh-key')) },
  },
  'DELETE /api/v1/internal/keys/': { summary: 'Deletes one of the caller’s keys by name.', body: ref('api/ssh-key-delete'), response: { 200: json('Deleted.', MESSAGE) } },

  // Requests and projects.
  'POST /api/v1/internal/projects-general/': {
    summary: 'Files a request of a type without a registry project; the body is the form of its project_type (schemas/requests/).',
    body: { type: 'object', description: 'A request form of schemas/requests/, chosen by project_type.', properties: { project_type: { type: 'string' } }, required: ['project_type'] },
    response: { 201: json('The new request.', PROJECT) },
  },
  'POST /api/v1/internal/projects-research/': {
    summary: 'Files a research project request for a registry project the caller leads (schemas/requests/research-project.json).',
    body: ref('requests/research-project'),
    response: { 201: json('The new request.', PROJECT) },
  },
  'GET /api/v1/internal/projects/': { summary: 'The caller’s projects and requests.', response: { 200: json('The projects.', PROJECTS) } },
  'GET /api/v1/internal/projects/all': { summary: 'Staff: every project and request, with the fields the staff grids show.', response: { 200: json('The projects.', ref('api/projects-list')) } },
  'GET /api/v1/internal/projects/role/:role': {
    summary: 'The caller’s projects in one role (rules/roles.json).',
    params: { type: 'object', properties: { role: ref('rules/roles') }, required: ['role'] },
    response: { 200: json('The projects.', PROJECTS) },
  },
  'GET /api/v1/internal/projects/:identifier': {
    summary: 'One project (its members and staff).',
    params: path({ identifier: 'The project identifier, URL-encoded.' }),
    response: { 200: json('The project.', PROJECT) },
  },
  'GET /api/v1/internal/projects/:identifier/timeline': {
    summary: 'The project’s history (its lead and staff).',
    params: path({ identifier: 'The project identifier, URL-encoded.' }),
    response: { 200: json('Oldest first.', ref('api/project-timeline')) },
  },
  'POST /api/v1/internal/projects/:identifier': {
    summary: 'Staff: changes a project (state, dates, granted resources, comment …).',
    params: path({ identifier: 'The project identifier, URL-encoded.' }),
    body: ref('api/project-change'),
    response: { 200: json('The project after the change.', PROJECT) },
  },
  'DELETE /api/v1/internal/projects/:identifier': {
    summary: 'Staff: deletes a project.',
    params: path({ identifier: 'The project identifier, URL-encoded.' }),
    response: { 200: json('Deleted.', MESSAGE) },
  },
  'GET /api/v1/internal/project-extend': {
    summary: 'Extension requests of the caller’s projects (staff: of all).',
    response: { 200: json('The extensions.', arrayOf('entities/extension')) },
  },
  'GET /api/v1/internal/project-extend/:id': {
    summary: 'Extension requests of one project (its members and staff).',
    params: { type: 'object', properties: { id: ref('api/database-id') }, required: ['id'] },
    response: { 200: json('The extensions.', arrayOf('entities/extension')) },
  },
  'POST /api/v1/internal/project-extend/:id': {
    summary: 'The project’s lead asks to extend it.',
    params: { type: 'object', properties: { id: ref('api/database-id') }, required: ['id'] },
    body: ref('api/extension-new'),
    response: { 201: json('The extension request.', ref('entities/extension')) },
  },

  // Installed software.
  'GET /api/v1/internal/science-software/': { summary: 'The installed modulefiles.', response: { 200: json('By name.', ref('api/software-list')) } },
  'POST /api/v1/internal/science-software/': {
    summary: 'Staff: adds a modulefile.',
    body: ref('api/software-new'),
    response: { 201: json('The entry.', ref('entities/science-software')) },
  },
  'DELETE /api/v1/internal/science-software/:pk': {
    summary: 'Staff: removes a modulefile.',
    params: { type: 'object', properties: { pk: ref('api/database-id') }, required: ['pk'] },
    response: { 200: json('Removed.', MESSAGE) },
  },

  // Users (staff).
  'GET /api/v1/internal/active-users/': { summary: 'Staff: users with a membership on an active project.', response: { 200: json('The users.', ref('api/users-list')) } },
  'GET /api/v1/internal/inactive-users/': { summary: 'Staff: users whose status is off.', response: { 200: json('The users.', ref('api/users-list')) } },
  'GET /api/v1/internal/grid-page/:grid': {
    summary: 'Staff: one page of a staff grid’s list (projects, requests, users-active, users-inactive) with the filters of its layout, a sort and a window; for lists too big to send whole (rules/lists.json).',
    params: path({ grid: 'The grid: the name of its layout in schemas/tables/.' }),
    querystring: ref('api/grid-page-query'),
    response: { 200: json('The window’s rows and the counts.', ref('api/grid-page')) },
  },
  'GET /api/v1/internal/ops-users/': { summary: 'Staff: the staff accounts.', response: { 200: json('The accounts.', ref('api/ops-users')) } },
  'GET /api/v1/internal/users/:username': {
    summary: 'Staff: one user and their memberships.',
    params: path({ username: 'The portal username.' }),
    response: { 200: json('The user.', ref('api/user-detail')) },
  },

  // Invitations and memberships.
  'POST /api/v1/internal/invites/': { summary: 'The lead invites collaborators by e-mail.', body: ref('api/invites-new'), response: { 200: json('Sent and skipped.', ref('api/invites-answer')) } },
  'GET /api/v1/internal/invites/:key': {
    summary: 'Accepts an invitation: the caller joins the project.',
    params: path({ key: 'The invitation key from the mail (64 letters and digits).' }),
    response: { 201: json('Joined.', MESSAGE) },
  },
  'GET /api/v1/internal/projects/:identifier/readiness': {
    summary: 'Where every member and pending invitation of a project stands on the way to computing, with the single next step (its lead and staff).',
    params: path({ identifier: 'The project identifier (URL-encoded).' }),
    response: { 200: json('Members first (lead first), then pending invitations, oldest first.', ref('api/member-readiness')) },
  },
  'GET /api/v1/internal/projects-readiness/': {
    summary: 'For each active project the caller leads: how many of its people are stuck and how many members cannot compute yet.',
    response: { 200: json('One entry per project.', ref('api/member-readiness#/definitions/summary')) },
  },
  'GET /api/v1/internal/users-readiness/': {
    summary: 'Staff: the users a readiness filter finds; no-key-active: members of active projects without an SSH key.',
    querystring: query({ filter: "'no-key-active' (the default)." }),
    response: { 200: json('The users, by username, with the active projects they are on.', ref('api/member-readiness#/definitions/staffFilter')) },
  },
  'POST /api/v1/internal/invites-sent/:id/resend': {
    summary: 'Mails a pending invitation once more (the project’s lead or staff); an expired one gets a fresh code. Counts against the hourly invitation cap.',
    params: path({ id: 'The invitation’s id (inviteId of the readiness answer).' }),
    response: { 200: json('Sent again.', ref('api/member-readiness#/definitions/resendAnswer')) },
  },
  'GET /api/v1/internal/invites-sent/': { summary: 'The caller’s pending invitations.', response: { 200: json('Oldest first.', arrayOf('entities/invite')) } },
  'POST /api/v1/internal/invites-sent/': { summary: 'Cancels one of the caller’s pending invitations.', body: ref('api/invite-cancel'), response: { 200: json('Cancelled.', MESSAGE) } },
  'POST /api/v1/internal/users-projects/:projectId': {
    summary: 'The lead signs collaborators off the project.',
    params: { type: 'object', properties: { projectId: ref('api/database-id') }, required: ['projectId'] },
    body: ref('api/users-signoff'),
    response: { 200: json('Signed off.', ref('api/membership-answer')) },
  },
  'POST /api/v1/internal/users-intprojects/:projectId': {
    summary: 'Staff add existing users to an internal or workshop project.',
    params: { type: 'object', properties: { projectId: ref('api/database-id') }, required: ['projectId'] },
    body: ref('api/users-add-internal'),
    response: { 200: json('Added.', ref('api/membership-answer')) },
  },

  // Mail preferences.
  'GET /api/v1/internal/mail-preferences/': {
    summary: 'The caller’s mail language, how routine notices reach them and the projects whose routine notices they muted as lead.',
    response: { 200: json('The preferences.', ref('api/mail-preferences-answer')) },
  },
  'PUT /api/v1/internal/mail-preferences/': {
    summary: 'Sets the caller’s mail language and whether routine notices (rules/mail.json) come at once or in a weekly digest.',
    body: ref('api/mail-preferences'),
    response: { 200: json('The preferences now.', ref('api/mail-preferences-answer')) },
  },
  'PUT /api/v1/internal/projects/:identifier/mail-mute': {
    summary: 'A lead of the project mutes, or hears again, the routine notices about it that go to them.',
    params: path({ identifier: 'The project identifier, URL-encoded.' }),
    body: ref('api/mail-mute'),
    response: { 200: json('Whether they are muted now.', ref('api/mail-mute#/definitions/answer')) },
  },

  // Accounting.
  'POST /api/v1/accounting/records': {
    summary: 'A cluster reports job usage (API key, scope accounting:write); re-sent jobs are stored once.',
    querystring: { type: 'object', properties: { resource: { type: 'string', description: 'The cluster (rules/clusters.json).' } }, required: ['resource'] },
    body: { type: 'object', properties: { usage: { type: 'array', items: { type: 'object' } } }, required: ['usage'] },
    response: {
      201: json('Every row stored.', ref('api/accounting-ingest-answer')),
      200: json('Some rows skipped, each with its reason.', ref('api/accounting-ingest-answer')),
    },
  },
  'GET /api/v1/accounting/records': {
    summary: 'The job ids stored for a cluster (API key, scope accounting:write).',
    querystring: { type: 'object', properties: { resource: { type: 'string', description: 'The cluster (rules/clusters.json).' } }, required: ['resource'] },
    response: { 200: json('Sorted job ids.', { type: 'array', items: { type: 'string' } }) },
  },
  'GET /api/v1/internal/accounting/records': {
    summary: 'The caller’s own usage per cluster and project.',
    querystring: USAGE_QUERY,
    response: { 200: json('Usage.', ref('api/accounting-usage-answer')) },
  },
  'GET /api/v1/internal/accounting/project-records': {
    summary: 'Usage of the projects the caller leads (staff: of one project), per project, with forecasts.',
    querystring: USAGE_QUERY,
    response: { 200: json('Usage.', ref('api/accounting-usage-answer')) },
  },
  'GET /api/v1/internal/accounting/project-user-records': {
    summary: 'Usage of the projects the caller leads (staff: of one project), per user.',
    querystring: USAGE_QUERY,
    response: { 200: json('Usage.', ref('api/accounting-usage-answer')) },
  },
  'GET /api/v1/internal/accounting/science-usage': {
    summary: 'Staff: each cluster’s hours split by the projects’ declared science domain (or field) shares, per month or year.',
    querystring: query({
      by: "'domain' (default) or 'field'.",
      period: "'month' (default) or 'year'.",
      year: 'A year (yyyy) to show instead of the range.',
      range: 'The months shown: one of the ranges of rules/constants.json.',
    }),
    response: { 200: json('Usage by science domain.', ref('api/science-usage')) },
  },

  // External API (API key, scope read).
  'GET /api/v1/usersprojects': {
    summary: 'Memberships on active projects, for the clusters’ provisioning.',
    querystring: ref('api/external-queries#/definitions/usersProjects'),
    response: { 200: json('The memberships.', ref('api/external-answers#/definitions/usersProjects')) },
  },
  'GET /api/v1/sshkeys': {
    summary: 'Every public key with its owner’s cluster username.',
    response: { 200: json('The keys.', ref('api/external-answers#/definitions/sshKeys')) },
  },
  'GET /api/v1/accounting/projectsusers': {
    summary: 'Approved projects with institution, science fields, granted resource types and users.',
    querystring: ref('api/external-queries#/definitions/projectsUsers'),
    response: { 200: json('The projects.', ref('api/external-answers#/definitions/projectsUsers')) },
  },
};

/**
 * Registered routes left out of the document on purpose: the web client's pages and files, and
 * the reference page's own files. Matched by exact `METHOD url` or, ending in `*`, by prefix.
 */
export const UNDOCUMENTED_ROUTES = [
  'GET /',
  'GET /ui',
  'GET /ui/*',
  'GET /static/*',
  'GET /api/docs',
  'GET /api/docs/*',
] as const;

export function isUndocumented(key: string): boolean {
  return UNDOCUMENTED_ROUTES.some((pattern) => (pattern.endsWith('*') ? key.startsWith(pattern.slice(0, -1)) : key === pattern));
}
