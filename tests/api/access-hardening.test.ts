import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { institutionalRequest, SOFTWARE } from '../../harness/request-payloads';
import { sessionCacheOf } from '../../src/server/sessions/session-cache';
import { buildApp } from '../../src/server/app';

/**
 * Defects 5, 6, 7, 9 and 10: security headers, forced joins through the invitation GET, personal
 * data sent to members, the hourly invitation cap, and a second institutional request.
 */
const OIB = { lead: '20930726687', collab: '13625737435', newbie: '93217836615' };
const INVITES_PER_HOUR = 4;

describe('access hardening', () => {
  let standIn: StandIn;
  let t: TestApp;
  const ids: Record<string, number> = {};
  const callers: Record<string, Caller> = {};
  let projectId: number;

  const send = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: callers[who].cookie, 'x-csrftoken': callers[who].csrf, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    t = await startTestApp({
      seed: false,
      config: { invitesPerHour: INVITES_PER_HOUR, registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 1000, retries: 0 } },
    });
    ids.lead = await addUser(t.ctx, 'lead', { person_oib: OIB.lead, person_mail: 'ahorvat@fer.hr', status: true });
    ids.collab = await addUser(t.ctx, 'collab', { person_oib: OIB.collab, person_mail: 'ikovacevic@pmf.hr', status: true });
    ids.newbie = await addUser(t.ctx, 'newbie', { person_oib: OIB.newbie, first_name: 'Luka', last_name: 'Marić', person_institution: 'FER' });
    ids.staff = await addUser(t.ctx, 'staff', { is_staff: true, first_name: 'Marko', last_name: 'Babić', person_uniqueid: 'mbabic@srce.hr' });
    projectId = await addProject(t.ctx, 'P-1', 'approve', [[ids.lead, 'lead'], [ids.collab, 'collaborator']]);
    const staffRef = JSON.stringify({ first_name: 'Marko', last_name: 'Babić', username: 'mbabic@srce.hr', person_uniqueid: 'mbabic@srce.hr' });
    await t.ctx.db.updateTable('projects').set({ approved_by: staffRef, changed_by: staffRef }).where('id', '=', projectId).execute();
    await t.ctx.db.insertInto('staff_comments').values({ project_id: projectId, comment: 'OK', comment_by: staffRef, project_state: 'approve' }).execute();
    await t.ctx.db.insertInto('science_software').values(SOFTWARE.map((name) => ({ name }))).execute();
    for (const who of ['lead', 'collab', 'newbie', 'staff']) callers[who] = await t.login(who);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  describe('defect 5: security headers', () => {
    it('sends a CSP without inline scripts, refuses framing, and the other headers on API and page answers', async () => {
      for (const url of ['/api/v1/sessionactive', '/ui/login', '/api/v1/internal/projects/']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        const scripts = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
        expect(scripts).toBeDefined();
        expect(scripts).not.toContain('unsafe-inline');
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('adds HSTS when the portal is served over https, in production or not (tests/api/https-address.test.ts)', async () => {
      for (const production of [false, true]) {
        const https = await buildApp({ ...t.ctx, config: { ...t.ctx.config, production, https: true } }, { logger: false });
        try {
          const res = await https.inject({ method: 'GET', url: '/api/v1/sessionactive' });
          expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        } finally {
          await https.close();
        }
      }
    });
  });

  describe('defect 6: forced joins', () => {
    async function newInvite(email: string) {
      const key = `${email.replace(/[^a-z]/g, '')}${'k'.repeat(64)}`.slice(0, 64);
      await t.ctx.db.insertInto('invites').values({ key, email, project_id: projectId, inviter_id: ids.lead, invtype: 'local', sent: new Date() }).execute();
      return key;
    }
    const membersOf = async () =>
      (await t.ctx.db.selectFrom('memberships').select('user_id').where('project_id', '=', projectId).execute()).map((m) => m.user_id);

    it.each([
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
    ])('refuses an acceptance the browser marks as started elsewhere (%s)', async (_label, headers) => {
      const key = await newInvite('lmaric@fer.hr');
      const res = await send('newbie', 'POST', `/api/v1/internal/invites/${key}`, undefined, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.key).toBe('crossSiteRefused');
      expect(await membersOf()).not.toContain(ids.newbie);
      const row = await t.ctx.db.selectFrom('invites').select('accepted').where('key', '=', key).executeTakeFirstOrThrow();
      expect(row.accepted).toBe(false);
      await t.ctx.db.deleteFrom('invites').where('key', '=', key).execute();
    });

    it('joins nobody when the invitation is opened, says what it is for, and joins on the POST of its button', async () => {
      const key = await newInvite('lmaric@fer.hr');
      const mine = 'm'.repeat(64);
      const before = (await t.ctx.db.selectFrom('users').select('person_mail').where('id', '=', ids.newbie).executeTakeFirstOrThrow()).person_mail;
      try {
        const opened = await send('newbie', 'GET', `/api/v1/internal/invites/${key}`, undefined, { 'sec-fetch-site': 'same-origin' });
        expect(opened.statusCode).toBe(400);
        expect(opened.json().status.message).toContain('accept it with the button on the invitation page');
        const details = await send('newbie', 'GET', `/api/v1/internal/invites/${key}/details`);
        expect(details.statusCode).toBe(200);
        const project = await t.ctx.db.selectFrom('projects').select(['identifier', 'name']).where('id', '=', projectId).executeTakeFirstOrThrow();
        const lead = await t.ctx.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', ids.lead).executeTakeFirstOrThrow();
        expect(details.json()).toEqual({ project, inviter: lead, email: 'lmaric@fer.hr', addressMatches: false });
        expect(await membersOf()).not.toContain(ids.newbie);
        // One of the user's addresses, whatever its case, is theirs.
        await t.ctx.db.updateTable('users').set({ person_mail: 'Novi.Korisnik@example.org; drugi@example.org' }).where('id', '=', ids.newbie).execute();
        // On PostgreSQL the change reaches the session cache by a notification a moment later; drop it now, as that would.
        sessionCacheOf(t.ctx.db)?.forgetUser(ids.newbie);
        await t.ctx.db.insertInto('invites').values({ key: mine, email: 'DRUGI@example.org', project_id: projectId, inviter_id: ids.lead, invtype: 'local', sent: new Date() }).execute();
        expect((await send('newbie', 'GET', `/api/v1/internal/invites/${mine}/details`)).json().addressMatches).toBe(true);
        const joined = await send('newbie', 'POST', `/api/v1/internal/invites/${key}`);
        expect(joined.statusCode).toBe(201);
        expect(await membersOf()).toContain(ids.newbie);
      } finally {
        await t.ctx.db.updateTable('users').set({ person_mail: before }).where('id', '=', ids.newbie).execute();
        await t.ctx.db.deleteFrom('memberships').where('user_id', '=', ids.newbie).where('project_id', '=', projectId).execute();
        await t.ctx.db.deleteFrom('invites').where('key', 'in', [key, mine]).execute();
      }
    });

    it('keeps same-origin acceptance working', async () => {
      const key = await newInvite('lmaric@fer.hr');
      const res = await send('newbie', 'POST', `/api/v1/internal/invites/${key}`, undefined, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' });
      expect(res.statusCode).toBe(201);
      expect(await membersOf()).toContain(ids.newbie);
      await t.ctx.db.deleteFrom('memberships').where('user_id', '=', ids.newbie).execute();
    });
  });

  describe('defect 7: personal data to members', () => {
    it('shows members the processing staff by name only', async () => {
      const res = await send('collab', 'GET', '/api/v1/internal/projects/P-1');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.approved_by).toEqual({ first_name: 'Marko', last_name: 'Babić' });
      expect(body.changed_by).toEqual({ first_name: 'Marko', last_name: 'Babić' });
      expect(body.staffcomment_set[0].comment_by).toEqual({ first_name: 'Marko', last_name: 'Babić' });
      expect(res.body).not.toContain('mbabic@srce.hr');
    });

    it('still shows staff the whole reference', async () => {
      const body = (await send('staff', 'GET', '/api/v1/internal/projects/P-1')).json();
      expect(body.approved_by).toMatchObject({ username: 'mbabic@srce.hr', person_uniqueid: 'mbabic@srce.hr' });
    });

    it("keeps collaborators' OIBs out of the lead's registry answer", async () => {
      const res = await send('lead', 'GET', '/api/v1/internal/croris-info/');
      const body = res.json();
      const users = Object.values(body.data.projects_lead_users).flat() as Record<string, unknown>[];
      expect(users.length).toBeGreaterThan(0);
      for (const u of users) expect(u).not.toHaveProperty('oib');
      expect(res.body).not.toMatch(/"oib"/);
      const snapshot = await t.ctx.db.selectFrom('registry_snapshots').select('payload').where('person_oib', '=', OIB.lead).executeTakeFirstOrThrow();
      expect(JSON.stringify(snapshot.payload)).toMatch(/"oib":"\d{11}"/);
    });
  });

  describe('defect 9: invitations per lead per hour', () => {
    it('caps the invitations a lead sends in an hour, across calls, with the cap in the message', async () => {
      const pid = await addProject(t.ctx, 'P-INV', 'approve', [[ids.lead, 'lead']]);
      const invite = (emails: string[]) =>
        send('lead', 'POST', '/api/v1/internal/invites/', {
          project: 'P-INV', projectid: pid, type: 'add', collaboratorEmails: emails.map((value) => ({ label: value, value })),
        });
      expect((await invite(['a1@example.org', 'a2@example.org', 'a3@example.org'])).statusCode).toBe(200);
      // Cancelling does not give the sends back.
      const cancel = await send('lead', 'POST', '/api/v1/internal/invites-sent/', { type: 'inviterem', email: 'a1@example.org', projectid: pid, inviterid: ids.lead });
      expect(cancel.statusCode).toBe(200);
      const over = await invite(['b1@example.org', 'b2@example.org']);
      expect(over.statusCode).toBe(429);
      expect(over.json().status).toMatchObject({ key: 'tooManyInvitations', code: 429 });
      expect(over.json().status.message).toContain(`${INVITES_PER_HOUR}`);
      const rows = await t.ctx.db.selectFrom('invites').select('email').where('project_id', '=', pid).execute();
      expect(rows.map((r) => r.email).sort()).toEqual(['a2@example.org', 'a3@example.org']);
      expect((await invite(['b1@example.org'])).statusCode).toBe(200);
      expect((await invite(['c1@example.org'])).statusCode).toBe(429);
    });
  });

  describe('defect 10: a second institutional request', () => {
    it("answers 'Already submitted' on the check and refuses the submission while one is pending", async () => {
      await send('newbie', 'GET', '/api/v1/internal/croris-info/');
      const first = await send('newbie', 'POST', '/api/v1/internal/projects-general/', institutionalRequest());
      expect(first.statusCode).toBe(201);
      const check = await send('newbie', 'GET', '/api/v1/internal/can-submit-institute-project/');
      expect(check.json().status).toMatchObject({ operation: 'DENY', message: 'Already submitted' });
      const second = await send('newbie', 'POST', '/api/v1/internal/projects-general/', institutionalRequest());
      expect(second.statusCode).toBe(403);
      expect(second.json().status.message).toContain('Already submitted');
      const mine = await t.ctx.db.selectFrom('memberships').select('project_id').where('user_id', '=', ids.newbie).execute();
      expect(mine).toHaveLength(1);
    });
  });
});
