import { cookieNames } from '../../src/server/sessions/session-cookies';
import { createSession } from '../../src/server/sessions/sessions';
import { createDraft } from '../../src/server/schema-live/schema-drafts';
import type { TestApp } from '../../harness/test-app';
import { demoLandmarks, useDemoAppWithRegistry } from '../support/demo-app';
import { generalRequest, researchRequest } from '../../harness/request-payloads';

/**
 * Every route the app registers × every kind of caller, with the status each one gets, on the
 * demo data (real users, projects and ids). A route without a row fails the test: add one line to
 * MATRIX below, with the expected status per role in ROLES order.
 */
const ROLES = ['anonymous', 'newbie', 'collaborator', 'otherLead', 'foreign', 'staff', 'superuser'] as const;
type Role = (typeof ROLES)[number];
/** The demo user of each role; otherLead leads a project of its own, not the one the rows target. */
const USERS: Record<Exclude<Role, 'anonymous'>, string> = {
  newbie: 'newbie',
  collaborator: 'collab',
  otherLead: 'jvukovic@fsb.hr',
  foreign: 'foreign',
  staff: 'staff',
  superuser: 'admin',
};

/** Real ids of the demo data the rows use. */
interface Ids {
  /** ml-materials: research project of the demo lead, collab is its collaborator. */
  project: { id: number; identifier: string };
  /** gpu-benchmark: internal project staff may add users to. */
  internal: { id: number };
  /** A throw-away project for the delete row. */
  doomed: { identifier: string };
  leadId: number;
  collabId: number;
  leadOib: string;
  personUsername: string;
  softwarePk: number;
  /** Two drafts of the rules by staff: one the rows publish, one they discard. */
  draft: number;
  doomedDraft: number;
  /** The latest history entry (restoring it changes nothing). */
  setId: number;
  /** The staff member the superuser adds to the rules editors' group, then removes. */
  staffId: number;
}

type Call = { url: string; body?: unknown };
type Row = [method: string, route: string, call: (ids: Ids) => Call, expected: readonly number[]];

const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4N matrix@test';
const all = (status: number) => ROLES.map(() => status);
//                                   anon newbie collab oLead foreign staff super
const SIGNED_IN = (s: number) => [401, s, s, s, s, s, s];
const STAFF_ONLY = (s: number) => [401, 403, 403, 403, 403, s, s];
/** The rules' editors: superusers by default (staff read only). */
const EDITORS_ONLY = (s: number) => [401, 403, 403, 403, 403, 403, s];

/** The API-key routes refuse every session with the current portal's body, not the envelope (docs/external-api.md). */
const KEY_ROUTES = new Set(['/api/v1/accounting/records', '/api/v1/usersprojects', '/api/v1/sshkeys', '/api/v1/accounting/projectsusers']);

/** One line per route: method, URL pattern as registered, the concrete call, expected status per role. */
const MATRIX: Row[] = [
  ['GET', '/api/v1/sessionactive', () => ({ url: '/api/v1/sessionactive' }), all(200)],
  ['GET', '/api/v1/sessionactive/', () => ({ url: '/api/v1/sessionactive/' }), all(200)],
  ['POST', '/auth/login/', () => ({ url: '/auth/login/', body: { username: 'nobody', password: 'wrong' } }), all(401)],
  ['POST', '/auth/logout/', () => ({ url: '/auth/logout/' }), all(200)],
  ['GET', '/saml2/login', () => ({ url: '/saml2/login' }), all(302)],
  ['GET', '/saml2/login/', () => ({ url: '/saml2/login/' }), all(302)],
  ['GET', '/saml2/edugain/login', () => ({ url: '/saml2/edugain/login' }), all(302)],
  ['GET', '/saml2/edugain/login/', () => ({ url: '/saml2/edugain/login/' }), all(302)],
  ['GET', '/saml2/logout', () => ({ url: '/saml2/logout' }), all(302)],
  ['GET', '/saml2/edugain/logout', () => ({ url: '/saml2/edugain/logout' }), all(302)],
  // SAML endpoints without a configured federation (the test app has none; tests/api/saml-*.test.ts test them
  // configured): a response without SAML goes to the error page, metadata is not found.
  ['POST', '/saml2/acs', () => ({ url: '/saml2/acs', body: {} }), all(303)],
  ['POST', '/saml2/acs/', () => ({ url: '/saml2/acs/', body: {} }), all(303)],
  ['GET', '/saml2/metadata', () => ({ url: '/saml2/metadata' }), all(404)],
  ['GET', '/saml2/metadata/', () => ({ url: '/saml2/metadata/' }), all(404)],
  ['GET', '/saml2/logout/', () => ({ url: '/saml2/logout/' }), all(302)],
  ['GET', '/saml2/ls', () => ({ url: '/saml2/ls' }), all(303)],
  ['POST', '/saml2/ls', () => ({ url: '/saml2/ls', body: {} }), all(303)],
  ['GET', '/saml2/ls/', () => ({ url: '/saml2/ls/' }), all(303)],
  ['POST', '/saml2/ls/', () => ({ url: '/saml2/ls/', body: {} }), all(303)],
  ['POST', '/saml2/edugain/acs', () => ({ url: '/saml2/edugain/acs', body: {} }), all(303)],
  ['POST', '/saml2/edugain/acs/', () => ({ url: '/saml2/edugain/acs/', body: {} }), all(303)],
  ['GET', '/saml2/edugain/metadata', () => ({ url: '/saml2/edugain/metadata' }), all(404)],
  ['GET', '/saml2/edugain/metadata/', () => ({ url: '/saml2/edugain/metadata/' }), all(404)],
  ['GET', '/saml2/edugain/logout/', () => ({ url: '/saml2/edugain/logout/' }), all(302)],
  ['GET', '/saml2/edugain/ls', () => ({ url: '/saml2/edugain/ls' }), all(303)],
  ['POST', '/saml2/edugain/ls', () => ({ url: '/saml2/edugain/ls', body: {} }), all(303)],
  ['GET', '/saml2/edugain/ls/', () => ({ url: '/saml2/edugain/ls/' }), all(303)],
  ['POST', '/saml2/edugain/ls/', () => ({ url: '/saml2/edugain/ls/', body: {} }), all(303)],
  ['GET', '/api/v1/internal/croris-info/', () => ({ url: '/api/v1/internal/croris-info/' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/croris-info', () => ({ url: '/api/v1/internal/croris-info' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/croris-info/:oib', (i) => ({ url: `/api/v1/internal/croris-info/${i.leadOib}` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/can-submit-institute-project', () => ({ url: '/api/v1/internal/can-submit-institute-project' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/can-submit-institute-project/', () => ({ url: '/api/v1/internal/can-submit-institute-project/' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/keys/', () => ({ url: '/api/v1/internal/keys/' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/keys/:personUsername', (i) => ({ url: `/api/v1/internal/keys/${i.personUsername}` }), STAFF_ONLY(200)],
  // Only members of an active project add keys; staff here are members of none.
  ['POST', '/api/v1/internal/keys/', () => ({ url: '/api/v1/internal/keys/', body: { name: 'matrix', public_key: PUBLIC_KEY } }), [401, 403, 201, 201, 201, 403, 403]],
  ['DELETE', '/api/v1/internal/keys/', () => ({ url: '/api/v1/internal/keys/', body: { name: 'matrix' } }), [401, 404, 200, 200, 200, 404, 404]],
  ['POST', '/api/v1/internal/projects-general/', () => ({ url: '/api/v1/internal/projects-general/', body: generalRequest({ science_software: [] }) }), [401, 201, 201, 201, 403, 201, 201]],
  // Research requests only for a registry project the caller leads: none of these callers leads 27031.
  ['POST', '/api/v1/internal/projects-research/', () => ({ url: '/api/v1/internal/projects-research/', body: researchRequest(27031, { science_software: [] }) }), [401, 403, 403, 403, 403, 403, 403]],
  ['GET', '/api/v1/internal/projects/', () => ({ url: '/api/v1/internal/projects/' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/projects/all', () => ({ url: '/api/v1/internal/projects/all' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/projects/role/:role', () => ({ url: '/api/v1/internal/projects/role/lead' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/projects/:identifier', (i) => ({ url: `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}` }), [401, 403, 200, 403, 403, 200, 200]],
  ['GET', '/api/v1/internal/projects/:identifier/timeline', (i) => ({ url: `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}/timeline` }), STAFF_ONLY(200)],
  ['POST', '/api/v1/internal/projects/:identifier', (i) => ({ url: `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}`, body: {} }), STAFF_ONLY(200)],
  // The first staff caller deletes it; the superuser then finds nothing.
  ['DELETE', '/api/v1/internal/projects/:identifier', (i) => ({ url: `/api/v1/internal/projects/${encodeURIComponent(i.doomed.identifier)}` }), STAFF_ONLY(200).map((s, n) => (n === 6 ? 404 : s))],
  ['GET', '/api/v1/internal/project-extend', () => ({ url: '/api/v1/internal/project-extend' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/project-extend/:id', (i) => ({ url: `/api/v1/internal/project-extend/${i.project.id}` }), [401, 403, 200, 403, 403, 200, 200]],
  // Only the project's own lead asks for an extension: not even staff.
  ['POST', '/api/v1/internal/project-extend/:id', (i) => ({ url: `/api/v1/internal/project-extend/${i.project.id}`, body: { reason: 'Treba još vremena', date_end: '2099-01-01' } }), [401, 403, 403, 403, 403, 403, 403]],
  ['GET', '/api/v1/internal/science-software/', () => ({ url: '/api/v1/internal/science-software/' }), SIGNED_IN(200)],
  ['POST', '/api/v1/internal/science-software/', () => ({ url: '/api/v1/internal/science-software/', body: { newAppModuleName: 'matrix/1.0', newAppAddedBy: { label: 'Marko Babić', value: 'staff' } } }), STAFF_ONLY(201).map((s, n) => (n === 6 ? 409 : s))],
  ['DELETE', '/api/v1/internal/science-software/:pk', (i) => ({ url: `/api/v1/internal/science-software/${i.softwarePk}` }), STAFF_ONLY(200).map((s, n) => (n === 6 ? 404 : s))],
  ['GET', '/api/v1/internal/active-users/', () => ({ url: '/api/v1/internal/active-users/' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/inactive-users/', () => ({ url: '/api/v1/internal/inactive-users/' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/grid-page/:grid', () => ({ url: '/api/v1/internal/grid-page/projects?limit=5' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/ops-users/', () => ({ url: '/api/v1/internal/ops-users/' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/users/:username', () => ({ url: '/api/v1/internal/users/newbie' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/users/:username/data', () => ({ url: '/api/v1/internal/users/newbie/data' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/my-data/', () => ({ url: '/api/v1/internal/my-data/' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/retention/', () => ({ url: '/api/v1/internal/retention/' }), STAFF_ONLY(200)],
  // Only the project's lead invites.
  ['POST', '/api/v1/internal/invites/', (i) => ({ url: '/api/v1/internal/invites/', body: { project: i.project.identifier, projectid: i.project.id, type: 'add', collaboratorEmails: [{ label: 'x', value: 'x@example.org' }] } }), [401, 403, 403, 403, 403, 403, 403]],
  // A key is the bearer's: any signed-in user may try one; this one does not exist.
  ['GET', '/api/v1/internal/invites/:key', () => ({ url: `/api/v1/internal/invites/${'a'.repeat(64)}` }), SIGNED_IN(400)],
  ['GET', '/api/v1/internal/invites/:key/details', () => ({ url: `/api/v1/internal/invites/${'a'.repeat(64)}/details` }), SIGNED_IN(404)],
  ['POST', '/api/v1/internal/invites/:key', () => ({ url: `/api/v1/internal/invites/${'a'.repeat(64)}` }), SIGNED_IN(404)],
  ['GET', '/api/v1/internal/projects/:identifier/readiness', (i) => ({ url: `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}/readiness` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/projects-readiness/', () => ({ url: '/api/v1/internal/projects-readiness/' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/users-readiness/', () => ({ url: '/api/v1/internal/users-readiness/?filter=no-key-active' }), STAFF_ONLY(200)],
  // An invitation id nobody has: the caller's rights are checked on a real one in tests/api/readiness.test.ts.
  ['POST', '/api/v1/internal/invites-sent/:id/resend', () => ({ url: '/api/v1/internal/invites-sent/999999/resend' }), SIGNED_IN(404)],
  ['GET', '/api/v1/internal/invites-sent/', () => ({ url: '/api/v1/internal/invites-sent/' }), SIGNED_IN(200)],
  // Only the inviter cancels (the demo lead here).
  ['POST', '/api/v1/internal/invites-sent/', (i) => ({ url: '/api/v1/internal/invites-sent/', body: { type: 'inviterem', email: 'x@example.org', projectid: i.project.id, inviterid: i.leadId } }), SIGNED_IN(403)],
  // Only the project's lead signs collaborators off.
  ['POST', '/api/v1/internal/users-projects/:projectId', (i) => ({ url: `/api/v1/internal/users-projects/${i.project.id}`, body: [i.collabId] }), SIGNED_IN(403)],
  // Staff add users straight to internal projects; the second time the user is already there.
  ['POST', '/api/v1/internal/users-intprojects/:projectId', (i) => ({ url: `/api/v1/internal/users-intprojects/${i.internal.id}`, body: [{ label: 'Luka Marić', value: 'newbie' }] }), STAFF_ONLY(200).map((s, n) => (n === 6 ? 400 : s))],
  // Mail preferences: anyone signed in keeps their own; only a lead of the project mutes it (none of these callers leads it).
  ['GET', '/api/v1/internal/mail-preferences/', () => ({ url: '/api/v1/internal/mail-preferences/' }), SIGNED_IN(200)],
  // One's own sessions: anyone signed in sees and ends their own; an id that is not theirs is not found.
  ['GET', '/api/v1/internal/my-sessions/', () => ({ url: '/api/v1/internal/my-sessions/' }), SIGNED_IN(200)],
  ['POST', '/api/v1/internal/my-sessions/:id/end', () => ({ url: `/api/v1/internal/my-sessions/${'a'.repeat(22)}/end` }), SIGNED_IN(404)],
  ['POST', '/api/v1/internal/my-sessions/end-others', () => ({ url: '/api/v1/internal/my-sessions/end-others' }), SIGNED_IN(200)],
  ['PUT', '/api/v1/internal/mail-preferences/', () => ({ url: '/api/v1/internal/mail-preferences/', body: { language: 'hr', routine: 'immediate' } }), SIGNED_IN(200)],
  ['PUT', '/api/v1/internal/projects/:identifier/mail-mute', (i) => ({ url: `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}/mail-mute`, body: { muted: true } }), SIGNED_IN(403)],
  // Usage: own usage for anyone signed in; per project and per user only for its lead and staff.
  ['GET', '/api/v1/internal/accounting/records', () => ({ url: '/api/v1/internal/accounting/records' }), SIGNED_IN(200)],
  ['GET', '/api/v1/internal/accounting/project-records', (i) => ({ url: `/api/v1/internal/accounting/project-records?project=${encodeURIComponent(i.project.identifier)}` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/accounting/project-user-records', (i) => ({ url: `/api/v1/internal/accounting/project-user-records?project=${encodeURIComponent(i.project.identifier)}` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/accounting/science-usage', () => ({ url: '/api/v1/internal/accounting/science-usage' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/grants', (i) => ({ url: `/api/v1/internal/grants?project=${encodeURIComponent(i.project.identifier)}` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/grants/over-threshold', () => ({ url: '/api/v1/internal/grants/over-threshold' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/accounting/efficiency', (i) => ({ url: `/api/v1/internal/accounting/efficiency?project=${encodeURIComponent(i.project.identifier)}` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/accounting/efficiency/projects', () => ({ url: '/api/v1/internal/accounting/efficiency/projects' }), STAFF_ONLY(200)],
  // The outbox: staff only (a number no mail has is not found, for staff only).
  ['GET', '/api/v1/internal/outbox/', () => ({ url: '/api/v1/internal/outbox/' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/outbox/:id', () => ({ url: '/api/v1/internal/outbox/2147483647' }), STAFF_ONLY(404)],
  // API-key routes: no session of any role opens them (tests/api/api-keys.test.ts and external-api.test.ts test the keys).
  ['POST', '/api/v1/accounting/records', () => ({ url: '/api/v1/accounting/records?resource=supek', body: { usage: [] } }), all(403)],
  ['GET', '/api/v1/accounting/records', () => ({ url: '/api/v1/accounting/records?resource=supek' }), all(403)],
  ['GET', '/api/v1/usersprojects', () => ({ url: '/api/v1/usersprojects' }), all(403)],
  ['GET', '/api/v1/sshkeys', () => ({ url: '/api/v1/sshkeys' }), all(403)],
  ['GET', '/api/v1/accounting/projectsusers', () => ({ url: '/api/v1/accounting/projectsusers' }), all(403)],
  // Operator endpoints: public health; metrics only by the caller's address (loopback here), whoever is signed in.
  // The schema set the browser loads before the first page: public, the login page reads it.
  ['GET', '/api/v1/internal/schemas/', () => ({ url: '/api/v1/internal/schemas/' }), all(200)],
  ['POST', '/api/v1/internal/schemas/reload', () => ({ url: '/api/v1/internal/schemas/reload' }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/schemas/history', () => ({ url: '/api/v1/internal/schemas/history' }), STAFF_ONLY(200)],
  // The rules editor: staff read, editors (superusers here) change; the set stays the demo's.
  ['GET', '/api/v1/internal/schemas/export', () => ({ url: '/api/v1/internal/schemas/export' }), STAFF_ONLY(200)],
  ['POST', '/api/v1/internal/schemas/restore', (i) => ({ url: '/api/v1/internal/schemas/restore', body: { id: i.setId, note: 'matrix' } }), EDITORS_ONLY(200)],
  // QA: staff judge a payload as npm run validate does (it changes nothing).
  ['POST', '/api/v1/internal/schemas/qa', () => ({ url: '/api/v1/internal/schemas/qa', body: { schema: 'rules/resource-limits', payload: { HPCnSlotsCPU: 12 }, role: 'user' } }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/rule-drafts/', () => ({ url: '/api/v1/internal/rule-drafts/' }), STAFF_ONLY(200)],
  ['POST', '/api/v1/internal/rule-drafts/', () => ({ url: '/api/v1/internal/rule-drafts/' }), EDITORS_ONLY(201)],
  ['POST', '/api/v1/internal/rule-drafts/upload', () => ({ url: '/api/v1/internal/rule-drafts/upload', body: { files: { 'rules/x.json': { $id: 'https://portal.schemas/rules/x.json' } } } }), EDITORS_ONLY(201)],
  ['GET', '/api/v1/internal/rule-drafts/:id', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.draft}` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/rule-drafts/:id/impact', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.draft}/impact` }), STAFF_ONLY(200)],
  ['GET', '/api/v1/internal/rule-drafts/:id/check', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.draft}/check` }), STAFF_ONLY(200)],
  ['PUT', '/api/v1/internal/rule-drafts/:id/file', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.draft}/file`, body: { file: 'rules/x.json', doc: { $id: 'https://portal.schemas/rules/x.json' } } }), EDITORS_ONLY(200)],
  ['POST', '/api/v1/internal/rule-drafts/:id/approve', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.draft}/approve` }), EDITORS_ONLY(200)],
  ['POST', '/api/v1/internal/rule-drafts/:id/publish', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.doomedDraft}/publish`, body: { note: 'matrix' } }), EDITORS_ONLY(409)],
  ['DELETE', '/api/v1/internal/rule-drafts/:id', (i) => ({ url: `/api/v1/internal/rule-drafts/${i.doomedDraft}` }), EDITORS_ONLY(200)],
  // Who edits the rules (RULES_EDITOR_GROUP set below): staff read, superusers add staff and remove them.
  ['GET', '/api/v1/internal/rule-editors', () => ({ url: '/api/v1/internal/rule-editors' }), STAFF_ONLY(200)],
  ['POST', '/api/v1/internal/rule-editors', () => ({ url: '/api/v1/internal/rule-editors', body: { username: 'staff' } }), EDITORS_ONLY(200)],
  ['DELETE', '/api/v1/internal/rule-editors/:userId', (i) => ({ url: `/api/v1/internal/rule-editors/${i.staffId}` }), EDITORS_ONLY(200)],
  // The OpenAPI document and its reference page (swagger-ui's page, files and copies of the document): public.
  ['GET', '/api/openapi.json', () => ({ url: '/api/openapi.json' }), all(200)],
  ['GET', '/api/docs', () => ({ url: '/api/docs' }), all(200)],
  ['GET', '/api/docs/json', () => ({ url: '/api/docs/json' }), all(200)],
  ['GET', '/api/docs/yaml', () => ({ url: '/api/docs/yaml' }), all(200)],
  ['GET', '/api/docs/static/*', () => ({ url: '/api/docs/static/swagger-ui.css' }), all(200)],
  ['GET', '/api/docs/static/index.html', () => ({ url: '/api/docs/static/index.html' }), all(302)],
  ['GET', '/api/docs/static/swagger-initializer.js', () => ({ url: '/api/docs/static/swagger-initializer.js' }), all(200)],
  ['GET', '/healthz', () => ({ url: '/healthz' }), all(200)],
  ['GET', '/readyz', () => ({ url: '/readyz' }), all(200)],
  ['GET', '/metrics', () => ({ url: '/metrics' }), all(200)],
  ['GET', '/', () => ({ url: '/' }), all(302)],
  // The client is not built in this test: the page answers say so, to everyone.
  ['GET', '/ui', () => ({ url: '/ui' }), all(503)],
  ['GET', '/ui/*', () => ({ url: '/ui/my-requests' }), all(503)],
];

describe('authorization matrix', () => {
  let t: TestApp;
  let ids: Ids;
  const userIds: Record<string, number> = {};

  useDemoAppWithRegistry((started) => (t = started));

  beforeAll(async () => {
    const db = t.ctx.db;
    for (const u of await db.selectFrom('users').select(['id', 'username']).execute()) userIds[u.username] = u.id;
    const { project: byCode, internal, denied: doomed } = await demoLandmarks(db);
    const lead = await db.selectFrom('users').select(['id', 'person_oib', 'person_username']).where('username', '=', 'lead').executeTakeFirstOrThrow();
    const software = await db.insertInto('science_software').values({ name: 'matrix/doomed' }).returning('id').executeTakeFirstOrThrow();
    ids = {
      project: byCode,
      internal,
      doomed,
      leadId: lead.id,
      collabId: userIds.collab,
      leadOib: lead.person_oib,
      personUsername: lead.person_username,
      softwarePk: software.id,
      draft: await createDraft(t.ctx, userIds.staff),
      // Its added file has no schema: publishing it is refused (409), nothing goes live.
      doomedDraft: await createDraft(t.ctx, userIds.staff, [...t.ctx.live!.documents, { $id: 'https://portal.schemas/rules/x.json', type: 'objekt' } as never]),
      setId: (await db.selectFrom('schema_sets').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id,
      staffId: userIds.staff,
    };
    // A group with no members: staff still edit no rules, and the superuser may change the group.
    t.ctx.config.rulesEditorGroup = 'rules';
  });

  /** A fresh caller of the role: a new session (or an anonymous CSRF cookie), so that logging out ends only its own. */
  async function caller(role: Role): Promise<{ cookie: string; csrf: string }> {
    if (role === 'anonymous') return t.anonymous();
    const session = await createSession(t.ctx.db, userIds[USERS[role]], 1);
    return { cookie: `${cookieNames(t.ctx).session}=${session.token}`, csrf: session.csrfToken };
  }

  it('has exactly one row for every route the app registers', () => {
    const registered = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    const rows = MATRIX.map(([method, route]) => `${method} ${route}`);
    const missing = registered.filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !registered.includes(r));
    const twice = rows.filter((r, n) => rows.indexOf(r) !== n);
    const problems = [
      ...missing.map((r) => `no row in MATRIX (tests/api/authorization-matrix.test.ts) for route ${r}`),
      ...stale.map((r) => `row for ${r}, which the app does not register`),
      ...twice.map((r) => `two rows for ${r}`),
    ];
    expect(problems).toEqual([]);
    for (const [, route, , expected] of MATRIX) expect({ route, roles: expected.length }).toEqual({ route, roles: ROLES.length });
  });

  it('answers each role on each route as the table says', async () => {
    const mismatches: string[] = [];
    for (const [method, route, call, expected] of MATRIX) {
      const { url, body } = call(ids);
      for (const [n, role] of ROLES.entries()) {
        const who = await caller(role);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { cookie: who.cookie, 'x-csrftoken': who.csrf },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (res.statusCode !== expected[n]) mismatches.push(`${method} ${route} as ${role}: expected ${expected[n]}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (KEY_ROUTES.has(route)) expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
        else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json'))
          expect(res.json()).toMatchObject({ status: { code: res.statusCode, key: expect.any(String), message: expect.any(String) } });
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);
});
