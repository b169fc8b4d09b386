import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';

const BASE = '/api/v1/internal/projects';
type Who = 'staff' | 'admin' | 'lead' | 'collab' | 'foreign' | 'newbie';
interface ProjectBody {
  id: number;
  identifier: string;
  state: { name: string };
  approved_by: unknown;
  date_approved: string | null;
  userproject_set: { user: { username: string; person_oib?: string }; role: { name: string } }[];
  [key: string]: unknown;
}

describe('projects API', () => {
  let t: TestApp;
  const callers = {} as Record<Who, Caller>;
  let anonymous: Caller;
  /** A call as a demo user, or (null) as an anonymous visitor with a valid anonymous CSRF token. */
  const call = (who: Who | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { cookie: (who ? callers[who] : anonymous).cookie, 'x-csrftoken': (who ? callers[who] : anonymous).csrf, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const url = (identifier: string) => `${BASE}/${encodeURIComponent(identifier)}`;
  /** The lead's demo project in a state. */
  async function leadProject(state: string): Promise<ProjectBody> {
    const res = await call('lead', 'GET', `${BASE}/role/lead`);
    const found = (res.json() as ProjectBody[]).find((p) => p.state.name === state);
    if (!found) throw new Error(`the demo lead has no project in state ${state}`);
    return found;
  }
  const row = (identifier: string) => t.ctx.db.selectFrom('projects').selectAll().where('identifier', '=', identifier).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp();
    for (const who of ['staff', 'admin', 'lead', 'collab', 'foreign', 'newbie'] as Who[]) callers[who] = await t.login(who);
    anonymous = await t.anonymous();
  });
  afterAll(() => t.close());

  describe('reading', () => {
    it("lists the caller's projects, newest first, and by role", async () => {
      const all = (await call('lead', 'GET', `${BASE}/`)).json() as ProjectBody[];
      expect(all.length).toBeGreaterThan(3);
      const dates = all.map((p) => String(p.date_submitted));
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const p of all) expect(t.ctx.schemas.validate('entities/project', p)).toEqual({ valid: true, issues: [] });
      const asCollab = (await call('collab', 'GET', `${BASE}/role/collaborator`)).json() as ProjectBody[];
      expect(asCollab.length).toBeGreaterThan(0);
      for (const p of asCollab) expect(p.userproject_set.some((m) => m.user.username === 'collab' && m.role.name === 'collaborator')).toBe(true);
      expect((await call('newbie', 'GET', `${BASE}/`)).json()).toEqual([]);
    });

    it('answers 404 for an unknown role', async () => {
      const res = await call('lead', 'GET', `${BASE}/role/owner`);
      expect(res.statusCode).toBe(404);
      expect(res.json().status.message).toBe('Role owner not found');
    });

    it('shows one project to its members and staff only', async () => {
      const project = await leadProject('approve');
      expect((await call('lead', 'GET', url(project.identifier))).statusCode).toBe(200);
      expect((await call('staff', 'GET', url(project.identifier))).statusCode).toBe(200);
      const stranger = await call('newbie', 'GET', url(project.identifier));
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().status).toMatchObject({ code: 403, key: 'forbidden' });
      expect((await call(null, 'GET', url(project.identifier))).statusCode).toBe(401);
      expect((await call('staff', 'GET', url('NR-1999-01-999'))).statusCode).toBe(404);
    });

    it("shows members' OIBs to staff only", async () => {
      const project = await leadProject('approve');
      const asLead = (await call('lead', 'GET', url(project.identifier))).json() as ProjectBody;
      expect(asLead.userproject_set.every((m) => m.user.person_oib === undefined)).toBe(true);
      const asStaff = (await call('staff', 'GET', url(project.identifier))).json() as ProjectBody;
      expect(asStaff.userproject_set.find((m) => m.user.username === 'lead')?.user.person_oib).toBe('20930726687');
    });

    it('finds a project whose identifier holds a slash, URL-encoded', async () => {
      const project = await leadProject('submit');
      await t.ctx.db.updateTable('projects').set({ identifier: 'HRZZ/2025 01' }).where('id', '=', project.id).execute();
      const res = await call('lead', 'GET', url('HRZZ/2025 01'));
      expect(res.statusCode).toBe(200);
      await t.ctx.db.updateTable('projects').set({ identifier: project.identifier }).where('id', '=', project.id).execute();
    });
  });

  describe('staff endpoints', () => {
    it.each(['lead', 'collab', 'foreign', null] as const)('refuse %s with the error envelope', async (who) => {
      const project = await leadProject('submit');
      const answers = [
        await call(who, 'GET', `${BASE}/all`),
        await call(who, 'POST', url(project.identifier), { state: 'approve', staff_resources_type: [{ value: 'CPU' }] }),
        await call(who, 'DELETE', url(project.identifier)),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(who ? 403 : 401);
        expect(res.json().status).toMatchObject({ code: who ? 403 : 401, message: expect.any(String), key: expect.any(String) });
      }
      expect((await row(project.identifier)).approved_by).toBeNull();
    });

    it('lists all projects for staff', async () => {
      const res = await call('admin', 'GET', `${BASE}/all`);
      expect(res.statusCode).toBe(200);
      const states = new Set((res.json() as ProjectBody[]).map((p) => p.state.name));
      expect(states.size).toBeGreaterThanOrEqual(6);
    });
  });

  describe('processing', () => {
    it('refuses a transition rules/states.json does not offer, and changes nothing', async () => {
      const project = await leadProject('approve');
      const before = await row(project.identifier);
      const res = await call('staff', 'POST', url(project.identifier), { state: 'submit' });
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toBe('Transition from approve to submit is not allowed');
      expect(await row(project.identifier)).toEqual(before);
    });

    it('refuses an ambiguous one-hot state and a body for another project', async () => {
      const project = await leadProject('submit');
      const twoOn = await call('staff', 'POST', url(project.identifier), { requestState: { approve: true, deny: true } });
      expect(twoOn.json().status.message).toMatch(/exactly one state/);
      const other = await call('staff', 'POST', url(project.identifier), { identifier: 'NR-1999-01-001', state: 'submit' });
      expect(other.statusCode).toBe(400);
      const unknown = await call('staff', 'POST', url(project.identifier), { state: 'vanish' });
      expect(unknown.statusCode).toBe(400);
    });

    it('refuses an approval without a granted resource type with the spec text, saving nothing', async () => {
      const project = await leadProject('submit');
      await t.ctx.db.updateTable('projects').set({ staff_resources_type: '[]' }).where('id', '=', project.id).execute();
      const before = await row(project.identifier);
      const res = await call('staff', 'POST', url(project.identifier), { requestState: { approve: true, submit: false }, name: 'Novo ime' }, 'hr');
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toBe('Pri odobravanju zahtjeva morate se izjasniti o dodijeljenom tipu resursa.');
      expect(await row(project.identifier)).toEqual(before);
    });

    it('refuses edits that break the request form rules', async () => {
      const project = await leadProject('submit');
      const res = await call('staff', 'POST', url(project.identifier), { resources_numbers: { HPCnSlotsCPU: 6657 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toMatch(/HPCnSlotsCPU: The number cannot be greater than 6656/);
      const order = await call('staff', 'POST', url(project.identifier), { date_start: '2026-10-01', date_end: '2026-09-01' });
      expect(order.json().status.message).toMatch(/after the end date/);
    });

    it('approves: records who and when once, activates the lead with a cluster username and mails her in Croatian', async () => {
      const project = await leadProject('submit');
      await t.ctx.db.updateTable('users').set({ status: false, person_username: '' }).where('username', '=', 'lead').execute();
      const res = await call('staff', 'POST', url(project.identifier), {
        requestState: { approve: true },
        staff_resources_type: [{ label: 'GPU', value: 'GPU' }],
        staff_emailSend: true,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as ProjectBody;
      expect(body).toMatchObject({ state: { name: 'approve' }, is_active: true, approved_by: { username: 'staff' } });
      const lead = await t.ctx.db.selectFrom('users').selectAll().where('username', '=', 'lead').executeTakeFirstOrThrow();
      expect(lead.status).toBe(true);
      expect(lead.person_username).toMatch(/^ahorvat\d*$/);
      const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'request-approved').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_addr: 'ahorvat@fer.hr', subject: 'Zahtjev odobren' });

      const again = await call('staff', 'POST', url(project.identifier), { state: 'approve', name: 'Preimenovan' });
      expect((again.json() as ProjectBody).date_approved).toBe(body.date_approved);
      expect((again.json() as ProjectBody).changed_by).toMatchObject({ username: 'staff' });
      const history = (await row(project.identifier)).change_history as { previous: { name: string }; next: { name: string }; who: { username: string } }[];
      expect(history.at(-1)).toMatchObject({ previous: { name: project.name }, next: { name: 'Preimenovan' }, who: { username: 'staff' } });
    });

    it('mails a foreign lead in English', async () => {
      const created = await call('staff', 'POST', '/api/v1/internal/projects-general/', {
        name: 'Foreign lead', reason: 'Test', date_start: '2026-03-01', date_end: '2026-10-01', project_type: 'internal', state: 'submit',
        science_field: [{ name: { value: 'Prirodne znanosti' }, percent: 100, scientificfields: [{ name: { value: 'Fizika' }, percent: 100 }] }],
      });
      const { identifier, id } = created.json() as ProjectBody;
      const foreign = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'foreign').executeTakeFirstOrThrow();
      const lead = await t.ctx.db.selectFrom('roles').select('id').where('name', '=', 'lead').executeTakeFirstOrThrow();
      await t.ctx.db.updateTable('memberships').set({ user_id: foreign.id }).where('project_id', '=', id).where('role_id', '=', lead.id).execute();
      await call('staff', 'POST', url(identifier), { state: 'deny', staff_comment: 'Not enough detail', staff_emailSend: true });
      const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'request-denied').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_addr: 'jane.doe@uni-example.eu', subject: 'Request denied' });
      expect(mail.body).toContain('Not enough detail');
    });

    it('refuses a denial without a reason, and keeps the reason of one with it', async () => {
      const project = await leadProject('submit').catch(async () => leadProject('deny'));
      const without = await call('staff', 'POST', url(project.identifier), { state: 'deny', staff_comment: '  ' }, 'hr');
      expect(without.statusCode).toBe(400);
      expect(without.json().status.message).toContain('Pri odbijanju zahtjeva morate se izjasniti o razlogu.');
      const none = await call('staff', 'POST', url(project.identifier), { state: 'deny' }, 'hr');
      expect(none.json().status.message).toContain('Pri odbijanju zahtjeva morate se izjasniti o razlogu.');
      const res = await call('staff', 'POST', url(project.identifier), { state: 'deny', staff_comment: 'Nedostaje opis potrebnih resursa.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ state: { name: 'deny' }, is_active: false, denied_by: { username: 'staff' } });
      expect(res.json().staffcomment_set.at(-1)).toMatchObject({ comment: 'Nedostaje opis potrebnih resursa.', project_state: 'deny' });
    });

    it('deletes a project with its memberships', async () => {
      const project = await leadProject('expire');
      const res = await call('staff', 'DELETE', url(project.identifier));
      expect(res.statusCode).toBe(200);
      expect((await call('staff', 'GET', url(project.identifier))).statusCode).toBe(404);
      const left = await t.ctx.db.selectFrom('memberships').select('id').where('project_id', '=', project.id).execute();
      expect(left).toEqual([]);
      expect((await call('staff', 'DELETE', url(project.identifier))).statusCode).toBe(404);
    });
  });
});
