import { addDays, addMonths, format, parseISO } from 'date-fns';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';

const BASE = '/api/v1/internal/project-extend';
type Who = 'staff' | 'lead' | 'collab' | 'newbie';
interface ProjectBody { id: number; identifier: string; date_end: string; state: { name: string } }

const day = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

describe('project extension API', () => {
  let t: TestApp;
  const callers = {} as Record<Who, Caller>;
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: callers[who].cookie, 'x-csrftoken': callers[who].csrf }, ...(payload ? { payload } : {}) });
  async function leadProject(state: string): Promise<ProjectBody> {
    const found = ((await call('lead', 'GET', '/api/v1/internal/projects/role/lead')).json() as ProjectBody[]).find((p) => p.state.name === state);
    if (!found) throw new Error(`the demo lead has no project in state ${state}`);
    return found;
  }
  let expiring: ProjectBody;
  const grace = () => t.ctx.config.graceMonths ?? t.ctx.schemas.constants.graceMonthsFallback;

  beforeAll(async () => {
    t = await startTestApp();
    for (const who of ['staff', 'lead', 'collab', 'newbie'] as Who[]) callers[who] = await t.login(who);
    expiring = await leadProject('approve-expire');
    // The collaborator must be a member so that "only the lead" is what refuses her.
    const [collab, role] = await Promise.all([
      t.ctx.db.selectFrom('users').select('id').where('username', '=', 'collab').executeTakeFirstOrThrow(),
      t.ctx.db.selectFrom('roles').select('id').where('name', '=', 'collaborator').executeTakeFirstOrThrow(),
    ]);
    await t.ctx.db.insertInto('memberships').values({ user_id: collab.id, project_id: expiring.id, role_id: role.id }).onConflict((oc) => oc.doNothing()).execute();
  });
  afterAll(() => t.close());

  const extensionCount = async () => (await t.ctx.db.selectFrom('extensions').select('id').execute()).length;

  it('lets only the lead ask', async () => {
    const before = await extensionCount();
    const res = await call('collab', 'POST', `${BASE}/${expiring.id}`, { reason: 'Treba nam još vremena', approved: false, date_end: day(expiring.date_end, 30) });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.message).toBe('Only the lead of the project can request its extension');
    expect(await extensionCount()).toBe(before);
  });

  it('refuses projects not in a state offering the extension (only approve-expire does)', async () => {
    const approved = await leadProject('approve');
    const res = await call('lead', 'POST', `${BASE}/${approved.id}`, { reason: 'Još', date_end: day(approved.date_end, 30) });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe('An extension cannot be requested for a project in state approve');
  });

  it('refuses an end date before the next day or past the grace months, and missing fields', async () => {
    const latest = format(addMonths(parseISO(expiring.date_end), grace()), 'yyyy-MM-dd');
    for (const date_end of [expiring.date_end, day(expiring.date_end, -10), day(latest, 1)]) {
      const res = await call('lead', 'POST', `${BASE}/${expiring.id}`, { reason: 'Još', approved: false, date_end });
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toBe(
        `The new end date must be between ${day(expiring.date_end, 1)} and ${latest} (at least one day and at most ${grace()} months after the current end ${expiring.date_end})`,
      );
    }
    expect((await call('lead', 'POST', `${BASE}/${expiring.id}`, { date_end: latest })).statusCode).toBe(400);
    expect((await call('lead', 'POST', `${BASE}/${expiring.id}`, { reason: 'x', date_end: latest, approved: true })).statusCode).toBe(400);
    expect((await call('lead', 'POST', `${BASE}/abc`, { reason: 'x', date_end: latest })).statusCode).toBe(404);
    expect((await call('lead', 'POST', `${BASE}/99999999`, { reason: 'x', date_end: latest })).statusCode).toBe(404);
  });

  it('files the extension, moves the project to submit-extend and tells staff', async () => {
    const latest = format(addMonths(parseISO(expiring.date_end), grace()), 'yyyy-MM-dd');
    const res = await call('lead', 'POST', `${BASE}/${expiring.id}`, { reason: 'Simulacije kasne zbog kvara opreme.', approved: false, date_end: latest });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ project: expiring.id, approved: false, date_end: latest, reason: 'Simulacije kasne zbog kvara opreme.' });
    expect(t.ctx.schemas.validate('entities/extension', res.json()).valid).toBe(true);
    const project = (await call('lead', 'GET', `/api/v1/internal/projects/${encodeURIComponent(expiring.identifier)}`)).json();
    expect(project.state.name).toBe('submit-extend');
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'extension-new').executeTakeFirstOrThrow();
    expect(mail.to_addr).toBe(t.ctx.schemas.service.staffEmail);
    const again = await call('lead', 'POST', `${BASE}/${expiring.id}`, { reason: 'Još jednom', date_end: latest });
    expect(again.statusCode).toBe(400);
  });

  it('lists extensions to members and staff only', async () => {
    const mine = (await call('lead', 'GET', BASE)).json() as { project: number }[];
    expect(mine.some((e) => e.project === expiring.id)).toBe(true);
    expect((await call('newbie', 'GET', BASE)).json()).toEqual([]);
    expect((await call('staff', 'GET', BASE)).json().length).toBeGreaterThanOrEqual(mine.length);
    expect((await call('collab', 'GET', `${BASE}/${expiring.id}`)).statusCode).toBe(200);
    expect((await call('newbie', 'GET', `${BASE}/${expiring.id}`)).statusCode).toBe(403);
  });

  it('sets the new end when staff approve the extension (submit-extend → extend) and mails the lead', async () => {
    const pending = ((await call('lead', 'GET', `${BASE}/${expiring.id}`)).json() as { approved: boolean; date_end: string }[]).find((e) => !e.approved)!;
    const res = await call('staff', 'POST', `/api/v1/internal/projects/${encodeURIComponent(expiring.identifier)}`, {
      requestState: { extend: true },
      date_end: expiring.date_end,
      staff_emailSend: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: { name: 'extend' }, is_active: true, date_end: pending.date_end });
    expect(res.json().extensions.at(-1)).toMatchObject({ approved: true, date_end: pending.date_end });
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'request-extended').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_addr: 'ahorvat@fer.hr', subject: 'Zahtjev produljen' });
  });
});
