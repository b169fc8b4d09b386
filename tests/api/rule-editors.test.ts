import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { mayEditRules } from '../../src/server/schema-live/rule-editors';

const URL = '/api/v1/internal/rule-editors';

// Who edits the rules (docs/decisions/0640-rules-edited-in-the-browser.md): staff read the list,
// superusers add staff to the group RULES_EDITOR_GROUP names and remove them.
describe('the rules editors group', () => {
  let t: TestApp;
  let lead: Caller;
  let staff: Caller;
  let admin: Caller;
  let staffId: number;
  const send = (caller: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, lang: 'hr' | 'en' = 'en') =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const staffMayEdit = async () => (await send(staff, 'GET', '/api/v1/internal/rule-drafts/')).json().mayEdit as boolean;

  beforeAll(async () => {
    t = await startTestApp({ config: { rulesEditorGroup: 'rules' } });
    [lead, staff, admin] = [await t.login('lead'), await t.login('staff'), await t.login('admin')];
    staffId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('shows staff the group, the superusers and no members yet; refuses other users and anonymous callers', async () => {
    const res = await send(staff, 'GET', URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      group: 'rules',
      mayManage: false,
      superusers: [expect.objectContaining({ username: 'admin', name: 'Petra Jurić', email: 'pjuric@srce.hr', isStaff: true })],
      members: [],
    });
    expect((await send(admin, 'GET', URL)).json().mayManage).toBe(true);
    expect((await send(lead, 'GET', URL)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('lets a superuser add a staff member, who may then edit the rules, and remove them again', async () => {
    expect(await staffMayEdit()).toBe(false);
    const added = await send(admin, 'POST', URL, { username: 'staff' }, 'hr');
    expect(added.statusCode).toBe(200);
    expect(added.json().status.message).toBe('Korisnik staff sada smije uređivati pravila');
    expect((await send(staff, 'GET', URL)).json().members).toEqual([{ id: staffId, username: 'staff', name: 'Marko Babić', email: 'mbabic@srce.hr', isStaff: true }]);
    expect(await staffMayEdit()).toBe(true);

    // Adding again changes nothing.
    expect((await send(admin, 'POST', URL, { username: ' staff ' })).statusCode).toBe(200);
    expect((await send(admin, 'GET', URL)).json().members).toHaveLength(1);

    const removed = await send(admin, 'DELETE', `${URL}/${staffId}`, undefined, 'en');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().status.message).toBe('The user no longer edits the rules');
    expect((await send(admin, 'GET', URL)).json().members).toEqual([]);
    expect(await staffMayEdit()).toBe(false);
    const again = await send(admin, 'DELETE', `${URL}/${staffId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().status).toMatchObject({ key: 'notFound', message: `The user numbered ${staffId} is not in the group that edits the rules` });
  });

  it('refuses the change to staff who are not superusers, even to a member of the group', async () => {
    await send(admin, 'POST', URL, { username: 'staff' });
    try {
      const add = await send(staff, 'POST', URL, { username: 'staff' }, 'hr');
      expect(add.statusCode).toBe(403);
      expect(add.json().status).toMatchObject({ key: 'forbidden', message: 'Urednike pravila odabiru samo administratori' });
      expect((await send(staff, 'DELETE', `${URL}/${staffId}`)).statusCode).toBe(403);
      expect((await send(lead, 'POST', URL, { username: 'lead' })).statusCode).toBe(403);
      expect((await send(staff, 'GET', URL)).json().members).toHaveLength(1);
    } finally {
      await send(admin, 'DELETE', `${URL}/${staffId}`);
    }
  });

  it('lists a member who is no longer staff as such, who cannot edit until made staff again', async () => {
    await send(admin, 'POST', URL, { username: 'staff' });
    await t.ctx.db.updateTable('users').set({ is_staff: false }).where('id', '=', staffId).execute();
    try {
      expect((await send(admin, 'GET', URL)).json().members).toEqual([expect.objectContaining({ username: 'staff', isStaff: false })]);
      expect(await mayEditRules(t.ctx, { id: staffId, is_staff: false, is_superuser: false })).toBe(false);
    } finally {
      await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staffId).execute();
      await send(admin, 'DELETE', `${URL}/${staffId}`);
    }
  });

  it('refuses a user who is not staff and an unknown username, in the caller’s language', async () => {
    const notStaff = await send(admin, 'POST', URL, { username: 'lead' }, 'hr');
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().status).toMatchObject({ key: 'validationFailed', message: 'Korisnik lead nije djelatnik centra; pravila smije uređivati samo osoblje' });
    const unknown = await send(admin, 'POST', URL, { username: 'nobody' }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status.message).toBe('There is no user with the username "nobody"');
    expect((await send(admin, 'POST', URL, { username: '' })).statusCode).toBe(400);
    expect((await send(admin, 'POST', URL, { user: 'staff' })).statusCode).toBe(400);
    expect((await send(admin, 'DELETE', `${URL}/not-a-number`)).statusCode).toBe(400);
    expect((await send(admin, 'GET', URL)).json().members).toEqual([]);
  });

  it('says that no group is configured, and changes nothing, without RULES_EDITOR_GROUP', async () => {
    t.ctx.config.rulesEditorGroup = undefined;
    try {
      expect((await send(staff, 'GET', URL)).json()).toMatchObject({ group: null, members: [], superusers: [expect.objectContaining({ username: 'admin' })] });
      const add = await send(admin, 'POST', URL, { username: 'staff' }, 'hr');
      expect(add.statusCode).toBe(409);
      expect(add.json().status).toMatchObject({
        key: 'conflict',
        message: 'Nijedna grupa ne uređuje pravila: postavka RULES_EDITOR_GROUP nije zadana, pa ih uređuju samo administratori',
      });
      expect((await send(admin, 'DELETE', `${URL}/${staffId}`)).statusCode).toBe(409);
      expect(await t.ctx.db.selectFrom('user_groups').selectAll().execute()).toEqual([]);
    } finally {
      t.ctx.config.rulesEditorGroup = 'rules';
    }
  });
});
