import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

type Method = 'GET' | 'POST' | 'DELETE';
const URL = '/api/v1/internal/science-software/';

describe('science software API', () => {
  let t: TestApp;
  let staff: Caller;
  const send = (caller: Caller, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, ...(payload ? { payload } : {}) });
  const body = (name: string, adder = 'staff') => ({ newAppModuleName: name, newAppAddedBy: { label: 'Sanja Staff', value: adder } });

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    await addUser(t.ctx, 'staff', { is_staff: true, first_name: 'Sanja', last_name: 'Staff' });
    await addUser(t.ctx, 'admin', { is_superuser: true, first_name: 'Ante', last_name: 'Admin' });
    const lead = await addUser(t.ctx, 'lead');
    const collab = await addUser(t.ctx, 'collab');
    await addUser(t.ctx, 'foreign', { person_type: 'foreign' });
    await addUser(t.ctx, 'newbie');
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[lead, 'lead'], [collab, 'collaborator']]);
    staff = await t.login('staff');
  });
  afterAll(() => t.close());

  it('adds modulefiles credited to the named staff member and lists them by name for every signed-in user', async () => {
    for (const [name, adder] of [['orca/5.0.4', 'staff'], ['Gromacs/2022.5-cuda', 'admin'], ['amber/22-gnu', 'staff']]) {
      const res = await send(staff, 'POST', URL, body(name, adder));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name, added_by: { username: adder } });
    }
    const newbie = await t.login('newbie');
    const res = await send(newbie, 'GET', URL);
    expect(res.statusCode).toBe(200);
    expect(t.ctx.schemas.validate('api/software-list', res.json())).toEqual({ valid: true, issues: [] });
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['amber/22-gnu', 'Gromacs/2022.5-cuda', 'orca/5.0.4']);
    expect(res.json()[1].added_by).toEqual({ first_name: 'Ante', last_name: 'Admin', username: 'admin' });
  });

  it('refuses a name already on the list with 409', async () => {
    const res = await send(staff, 'POST', URL, body('orca/5.0.4'));
    expect(res.statusCode).toBe(409);
    expect(res.json().status.message).toMatch(/orca\/5\.0\.4/);
  });

  it('refuses an adder who is not a staff user, and invalid bodies, with 400', async () => {
    expect((await send(staff, 'POST', URL, body('xtb/6.6.1', 'lead'))).statusCode).toBe(400);
    expect((await send(staff, 'POST', URL, body('xtb/6.6.1', 'nobody'))).statusCode).toBe(400);
    const bad: object[] = [
      {},
      { newAppModuleName: 'xtb/6.6.1' },
      body(''),
      body('two words'),
      body('x'.repeat(65)),
      // Other top-level fields are ignored (the current web client's form state), the known ones still judged.
      { ...body('two words'), searchName: '' },
      { newAppModuleName: 42, newAppAddedBy: { label: 'x', value: 'staff' } },
    ];
    for (const payload of bad) {
      const res = await send(staff, 'POST', URL, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toMatchObject({ code: 400, message: expect.any(String) });
    }
    const names = (await send(staff, 'GET', URL)).json().map((s: { name: string }) => s.name);
    expect(names).not.toContain('xtb/6.6.1');
  });

  it('deletes an entry by pk, then answers 404; a malformed pk is a 400', async () => {
    const list = (await send(staff, 'GET', URL)).json() as { pk: number; name: string }[];
    const amber = list.find((s) => s.name === 'amber/22-gnu')!;
    const res = await send(staff, 'DELETE', `${URL}${amber.pk}`);
    expect(res.statusCode).toBe(200);
    expect(t.ctx.schemas.validate('api/message-answer', res.json()).valid).toBe(true);
    expect((await send(staff, 'DELETE', `${URL}${amber.pk}`)).statusCode).toBe(404);
    expect((await send(staff, 'DELETE', `${URL}abc`)).statusCode).toBe(400);
    expect((await send(staff, 'DELETE', `${URL}99999999999999999999`)).statusCode).toBe(400);
  });

  it.each(['newbie', 'lead', 'collab', 'foreign'])('refuses %s adding or deleting with a 403 envelope', async (who) => {
    const caller = await t.login(who);
    const pk = (await send(caller, 'GET', URL)).json()[0].pk;
    for (const res of [await send(caller, 'POST', URL, body('wrf/4.4.2-gnu')), await send(caller, 'DELETE', `${URL}${pk}`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().status.key).toBe('forbidden');
    }
    expect((await send(staff, 'GET', URL)).json()).toHaveLength(2);
  });

  it('refuses anonymous callers with 401', async () => {
    const anon = await t.anonymous();
    for (const [method, url] of [['GET', URL], ['POST', URL], ['DELETE', `${URL}1`]] as [Method, string][]) {
      const res = await send(anon, method, url, method === 'POST' ? body('wrf/4.4.2-gnu') : undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json().status.key).toBe('notAuthenticated');
    }
  });
});
