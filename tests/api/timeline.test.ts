import { addDays, format } from 'date-fns';
import type { ProjectTimelineEvent } from '../../generated';
import { runProjectLifecycle } from '../../src/server/projects/lifecycle';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

describe('project timeline', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const callers = new Map<string, Caller>();

  async function call(username: string, method: 'GET' | 'POST', url: string, payload?: unknown, language = 'en') {
    if (!callers.has(username)) callers.set(username, await t.login(username));
    const caller = callers.get(username)!;
    const headers = { cookie: caller.cookie, 'x-csrftoken': caller.csrf, 'accept-language': language };
    return t.app.inject({ method, url, headers, payload: payload as object });
  }
  const timeline = (username: string, identifier: string, language?: string) =>
    call(username, 'GET', `/api/v1/internal/projects/${encodeURIComponent(identifier)}/timeline`, undefined, language);
  const events = async (identifier: string): Promise<ProjectTimelineEvent[]> => {
    const res = await timeline('staff', identifier);
    expect(res.statusCode).toBe(200);
    return res.json().events;
  };
  const change = async (identifier: string, body: unknown) => {
    const res = await call('staff', 'POST', `/api/v1/internal/projects/${encodeURIComponent(identifier)}`, body);
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    ids.lead = await addUser(t.ctx, 'lead', { first_name: 'Ana', last_name: 'Horvat', person_mail: 'ahorvat@fer.hr' });
    ids.collab = await addUser(t.ctx, 'collab', { first_name: 'Ivo', last_name: 'Ivić' });
    ids.staff = await addUser(t.ctx, 'staff', { first_name: 'Sara', last_name: 'Staff', is_staff: true });
    ids.other = await addUser(t.ctx, 'other', { first_name: 'Otto', last_name: 'Other' });
    const team: [number, 'lead' | 'collaborator'][] = [[ids.lead, 'lead'], [ids.collab, 'collaborator']];
    for (const identifier of ['TL-life', 'TL-denied']) {
      const id = await addProject(t.ctx, identifier, 'submit', team);
      await t.ctx.db.updateTable('projects').set({ date_submitted: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
      ids[identifier] = id;
    }
  });
  afterAll(() => t.close());

  it('is for the lead of the project and staff: collaborators and others get 403, an unknown project 404', async () => {
    expect((await timeline('lead', 'TL-life')).statusCode).toBe(200);
    expect((await timeline('staff', 'TL-life')).statusCode).toBe(200);
    for (const who of ['collab', 'other']) {
      const res = await timeline(who, 'TL-life');
      expect(res.statusCode).toBe(403);
      expect(res.json().status.message).toBe('Only the lead of the project and staff can see its history');
      expect((await timeline(who, 'TL-life', 'hr')).json().status.message).toBe('Povijest projekta mogu vidjeti samo voditelj projekta i osoblje');
    }
    const unknown = await timeline('staff', 'TL-none', 'hr');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status.message).toBe('Projekt TL-none nije pronađen');
  });

  it('shows the submission and the members joining', async () => {
    const list = await events('TL-life');
    expect(list[0]).toMatchObject({ kind: 'submitted', who: { first_name: 'Ana', last_name: 'Horvat' } });
    const joined = list.filter((e) => e.kind === 'memberJoined').map((e) => [e.member?.last_name, e.role]);
    expect(joined).toEqual([['Horvat', 'lead'], ['Ivić', 'collaborator']]);
  });

  it('shows a denial with who denied and the reason', async () => {
    await change('TL-denied', { state: 'deny', staff_comment: 'Nedostaje opis resursa' });
    const denied = (await events('TL-denied')).filter((e) => e.kind === 'denied');
    expect(denied).toEqual([expect.objectContaining({ who: { first_name: 'Sara', last_name: 'Staff' }, comment: 'Nedostaje opis resursa' })]);
  });

  it('shows the approval, each edit with what changed, and the sign-off of a member', async () => {
    await change('TL-life', { state: 'approve', staff_resources_type: [{ value: 'CPU' }] });
    await change('TL-life', { name: 'Novi naziv projekta' });
    const signOff = await call('lead', 'POST', `/api/v1/internal/users-projects/${ids['TL-life']}`, [ids.collab]);
    expect(signOff.statusCode).toBe(200);

    const list = await events('TL-life');
    expect(list.find((e) => e.kind === 'approved')).toMatchObject({ who: { first_name: 'Sara', last_name: 'Staff' } });
    const edit = list.find((e) => e.kind === 'changed');
    expect(edit).toMatchObject({ who: { first_name: 'Sara', last_name: 'Staff' }, automatic: false });
    expect(edit?.changes).toEqual([{ field: 'name', previous: 'Projekt TL-life', next: 'Novi naziv projekta' }]);
    expect(edit?.stateFrom).toBeUndefined();
    expect(list.at(-1)).toMatchObject({ kind: 'memberLeft', who: { first_name: 'Ana', last_name: 'Horvat' }, member: { first_name: 'Ivo', last_name: 'Ivić' } });
    // The departure outlives the membership row it replaces, and so does the joining.
    expect(list.filter((e) => e.kind === 'memberJoined').map((e) => e.member?.last_name).sort()).toEqual(['Horvat', 'Ivić']);
    const rows = await t.ctx.db.selectFrom('memberships').select('user_id').where('project_id', '=', ids['TL-life']).execute();
    expect(rows.map((r) => r.user_id)).toEqual([ids.lead]);
  });

  it('shows an automatic state change as made by the system, then the extension request and its approval', async () => {
    const soon = format(addDays(new Date(), 5), 'yyyy-MM-dd');
    await t.ctx.db.updateTable('projects').set({ date_end: soon }).where('id', '=', ids['TL-life']).execute();
    await runProjectLifecycle(t.ctx, new Date());
    const later = format(addDays(new Date(), 60), 'yyyy-MM-dd');
    const filed = await call('lead', 'POST', `/api/v1/internal/project-extend/${ids['TL-life']}`, { reason: 'Treba nam još vremena', approved: false, date_end: later });
    expect(filed.statusCode).toBe(201);
    await change('TL-life', { state: 'extend' });

    const list = await events('TL-life');
    const automatic = list.filter((e) => e.automatic);
    expect(automatic).toEqual([expect.objectContaining({ kind: 'changed', stateFrom: 'approve', stateTo: 'approve-expire', who: { first_name: 'system', last_name: '' } })]);
    const tail = list.slice(list.indexOf(automatic[0])).map((e) => e.kind);
    expect(tail).toEqual(['changed', 'extensionRequested', 'changed', 'extensionApproved']);
    expect(list.find((e) => e.kind === 'extensionRequested')).toMatchObject({ comment: 'Treba nam još vremena', dateEnd: later, who: { last_name: 'Horvat' } });
    expect(list.find((e) => e.kind === 'extensionApproved')).toMatchObject({ dateEnd: later, who: { last_name: 'Staff' } });
    const dates = list.map((e) => e.date);
    expect([...dates].sort()).toEqual(dates);
  });
});
