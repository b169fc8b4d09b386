import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

const MINE = '/api/v1/internal/my-data/';
const theirs = (username: string) => `/api/v1/internal/users/${encodeURIComponent(username)}/data`;

const ANA_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4N ana@laptop';
const BORIS_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOaF1SuYyB2dCyw0Ow0Mxqkzbh3Dhd1b3p2Y6m1gR0bW boris@desk';

/**
 * The copy of one's data (GDPR Art. 15, 20): a user with rows in every category gets each of them
 * and nothing of another user's; staff get the same document for a user; nobody else does.
 */
describe('personal data export', () => {
  let t: TestApp;
  let ana: number;
  let boris: number;

  const get = (who: Caller | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...(who ? { cookie: who.cookie } : {}) } });

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const { db } = t.ctx;
    ana = await addUser(t.ctx, 'ana', { person_mail: 'ana@example.org', person_oib: '11111111111', person_type: 'local', first_name: 'Ana', last_name: 'Anić' });
    boris = await addUser(t.ctx, 'boris', { person_mail: 'boris@example.org', person_oib: '22222222222', person_type: 'local', first_name: 'Boris', last_name: 'Borić' });
    await addUser(t.ctx, 'staffer', { is_staff: true, person_type: 'local' });
    const own = await addProject(t.ctx, 'ANA-1', 'approve', [[ana, 'lead']]);
    const theirs = await addProject(t.ctx, 'BOR-1', 'approve', [[boris, 'lead']]);
    const left = await addProject(t.ctx, 'OLD-1', 'expire', [[boris, 'lead']]);
    await db
      .insertInto('membership_departures')
      .values({ project_id: left, user_id: ana, member: JSON.stringify({ username: 'ana' }), role: 'collaborator', date_joined: new Date('2025-01-01') })
      .execute();
    await db.insertInto('ssh_keys').values([
      { user_id: ana, name: 'laptop', fingerprint: 'SHA256:ana-fingerprint', public_key: ANA_KEY },
      { user_id: boris, name: 'desk', fingerprint: 'SHA256:boris-fingerprint', public_key: BORIS_KEY },
    ]).execute();
    await db.insertInto('invites').values([
      { key: 'k-sent-by-ana', email: 'guest@example.org', project_id: own, inviter_id: ana, invtype: 'email' },
      { key: 'k-sent-to-ana', email: 'ANA@example.org', project_id: theirs, inviter_id: boris, invtype: 'email' },
      { key: 'k-boris-other', email: 'someone@example.org', project_id: theirs, inviter_id: boris, invtype: 'email' },
    ]).execute();
    await db.insertInto('usage_monthly').values([
      { cluster: 'supek', project_id: own, user_id: ana, month: '2026-05-01', cpuh: 12.5, gpuh: 1, jobs: 3 },
      { cluster: 'supek', project_id: theirs, user_id: boris, month: '2026-05-01', cpuh: 777, gpuh: 0, jobs: 9 },
    ]).execute();
    await db.insertInto('project_grants').values([
      { project_id: own, cluster: 'supek', cpuh: 1000, gpuh: null, state: 'approve' },
      { project_id: theirs, cluster: 'supek', cpuh: 4242, gpuh: null, state: 'approve' },
    ]).execute();
    await db.insertInto('project_mail_mutes').values({ project_id: own, user_id: ana }).execute();
    await db.updateTable('users').set({ mail_language: 'en', routine_mail: 'weekly' }).where('id', '=', ana).execute();
    await db.insertInto('registry_snapshots').values([
      { person_oib: '11111111111', fetched_at: new Date(), status_code: 200, payload: JSON.stringify({ projects: ['ana-registry-project'] }) },
      { person_oib: '22222222222', fetched_at: new Date(), status_code: 200, payload: JSON.stringify({ projects: ['boris-registry-project'] }) },
    ]).execute();
    await db.insertInto('outbox').values([
      { kind: 'invite', to_addr: 'ana@example.org', from_addr: 'portal@example.org', subject: 'For Ana', body: 'Hello Ana', sent_at: new Date() },
      { kind: 'invite', to_addr: 'boris@example.org', cc_addr: 'x@example.org', from_addr: 'portal@example.org', subject: 'For Boris', body: 'Hello Boris' },
      // An address that only contains Ana's is someone else's.
      { kind: 'invite', to_addr: 'hana@example.org', from_addr: 'portal@example.org', subject: 'For Hana', body: 'Hello Hana' },
    ]).execute();
    await db.insertInto('sessions').values([
      { id: 'ana-phone', user_id: ana, csrf_token: 'x', expires_at: new Date(Date.now() + 86_400_000), last_used_at: new Date('2026-06-01T08:00:00Z'), ip: '192.0.2.77', user_agent: 'AnaPhone/1.0' },
      { id: 'boris-desk', user_id: boris, csrf_token: 'x', expires_at: new Date(Date.now() + 86_400_000), ip: '198.51.100.99', user_agent: 'BorisDesk/2.0' },
    ]).execute();
    // Failed sign-ins under each name, as the login keeps them (sessions/login.ts).
    await db.insertInto('login_attempts').values([{ key: '192.0.2.0|ana' }, { key: 'user|ana' }, { key: '198.51.100.0|boris' }, { key: 'user|hana' }]).execute();
  });
  afterAll(() => t.close());

  it('holds every category of the caller’s data, in the shape the schema declares', async () => {
    const res = await get(await t.login('ana'), MINE);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(t.ctx.schemas.validate('api/personal-data', data).valid).toBe(true);
    expect(data.profile).toMatchObject({ username: 'ana', person_oib: '11111111111', person_mail: 'ana@example.org', first_name: 'Ana', last_name: 'Anić', has_password: true });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.registry.payload).toEqual({ projects: ['ana-registry-project'] });
    expect(data.projects).toEqual([expect.objectContaining({ identifier: 'ANA-1', role: 'lead', state: 'approve' })]);
    expect(data.departures).toEqual([expect.objectContaining({ identifier: 'OLD-1', role: 'collaborator' })]);
    expect(data.ssh_keys).toEqual([expect.objectContaining({ name: 'laptop', public_key: ANA_KEY })]);
    expect(data.invites_sent).toEqual([expect.objectContaining({ identifier: 'ANA-1', email: 'guest@example.org', accepted: false })]);
    expect(data.invites_received).toEqual([expect.objectContaining({ identifier: 'BOR-1', email: 'ANA@example.org', inviter: 'Boris Borić' })]);
    expect(data.usage).toEqual([{ month: '2026-05', cluster: 'supek', identifier: 'ANA-1', cpuh: 12.5, gpuh: 1, jobs: 3 }]);
    expect(data.grants).toEqual([expect.objectContaining({ identifier: 'ANA-1', cluster: 'supek', cpuh: 1000 })]);
    expect(data.mail_preferences).toMatchObject({ mail_language: 'en', routine_mail: 'weekly', muted_projects: [expect.objectContaining({ identifier: 'ANA-1' })] });
    expect(data.sessions).toContainEqual(expect.objectContaining({ ip: '192.0.2.77', user_agent: 'AnaPhone/1.0', last_used_at: '2026-06-01T08:00:00.000Z' }));
    expect(data.login_attempts.map((a: { key: string }) => a.key).sort()).toEqual(['192.0.2.0|ana', 'user|ana']);
    expect(data.mails).toEqual([expect.objectContaining({ subject: 'For Ana', to: 'ana@example.org' })]);
  });

  it('holds nothing of another user’s', async () => {
    const text = (await get(await t.login('ana'), MINE)).body;
    for (const theirs of ['22222222222', 'boris@example.org', BORIS_KEY, 'SHA256:boris-fingerprint', 'boris-registry-project', 'For Boris', 'For Hana', 'someone@example.org', '"cpuh":777', '"cpuh":4242', '|boris', 'user|hana', '198.51.100.99', 'BorisDesk/2.0'])
      expect(text).not.toContain(theirs);
  });

  it('gives staff the same document for a user, and refuses it to anyone else', async () => {
    const own = (await get(await t.login('ana'), MINE)).json();
    const staff = await get(await t.login('staffer'), theirs('ana'));
    expect(staff.statusCode).toBe(200);
    const forStaff = staff.json();
    // Sessions differ by the staff member's own sign-in in between: none of theirs is in it.
    expect({ ...forStaff, generated_at: '', sessions: [] }).toEqual({ ...own, generated_at: '', sessions: [] });
    expect(forStaff.profile.username).toBe('ana');

    const borisAsks = await get(await t.login('boris'), theirs('ana'));
    expect(borisAsks.statusCode).toBe(403);
    expect(borisAsks.body).not.toContain('11111111111');
    expect((await get(null, MINE)).statusCode).toBe(401);
    expect((await get(null, theirs('ana'))).statusCode).toBe(401);
  });

  it('answers staff a user that does not exist with a message in their language', async () => {
    const staffer = await t.login('staffer');
    const en = await get(staffer, theirs('nobody'));
    expect(en.statusCode).toBe(404);
    expect(en.json().status.message).toMatch(/nobody/);
    const hr = await t.app.inject({ method: 'GET', url: theirs('nobody'), headers: { cookie: staffer.cookie, 'accept-language': 'hr' } });
    expect(hr.statusCode).toBe(404);
    expect(hr.json().status.message).not.toBe(en.json().status.message);
  });
});
