import { applyRetention } from '../../src/server/services/personal-data/retention';
import { startTestApp, type Caller, type TestApp } from '../support/test-app';
import { addProject, addUser } from '../support/fixtures';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const RETENTION = '/api/v1/internal/retention/';

/**
 * The retention rules of rules/retention.json (1 day, 365 days, 5 years): rows past their
 * period go, rows within it stay, a reduced user's project still names its lead, and the counts
 * staff see before a run are what the run removes.
 */
describe('retention of personal data', () => {
  let t: TestApp;
  let staff: Caller;
  let gone: number;

  const countsOf = async (who: Caller) => {
    const res = await t.app.inject({ method: 'GET', url: RETENTION, headers: { cookie: who.cookie } });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries((res.json() as { rule: string; rows: number }[]).map((r) => [r.rule, r.rows]));
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const { db } = t.ctx;
    gone = await addUser(t.ctx, 'gone', { person_mail: 'gone@example.org', person_oib: '33333333333', person_uniqueid: 'gone@uni.hr', first_name: 'Goran', last_name: 'Gotovac', last_login: ago(6 * 365 * DAY), date_joined: ago(8 * 365 * DAY) });
    const recent = await addUser(t.ctx, 'recent', { person_mail: 'recent@example.org', person_oib: '44444444444', last_login: ago(365 * DAY), date_joined: ago(8 * 365 * DAY) });
    const busy = await addUser(t.ctx, 'busy', { person_mail: 'busy@example.org', person_oib: '55555555555', last_login: ago(6 * 365 * DAY), date_joined: ago(8 * 365 * DAY) });
    await addUser(t.ctx, 'oldstaff', { is_staff: true, person_mail: 'oldstaff@example.org', last_login: ago(6 * 365 * DAY), date_joined: ago(8 * 365 * DAY) });
    await addUser(t.ctx, 'staffer', { is_staff: true });
    await addProject(t.ctx, 'OLD-9', 'expire', [[gone, 'lead'], [recent, 'collaborator']]);
    await addProject(t.ctx, 'NOW-1', 'approve', [[busy, 'lead']]);
    await db.insertInto('ssh_keys').values([
      { user_id: gone, name: 'old', fingerprint: 'SHA256:gone', public_key: 'ssh-ed25519 AAAA gone' },
      { user_id: recent, name: 'new', fingerprint: 'SHA256:recent', public_key: 'ssh-ed25519 AAAA recent' },
    ]).execute();
    await db.insertInto('sessions').values([
      { id: 'recent-session', user_id: recent, csrf_token: 'x', expires_at: new Date(Date.now() + DAY) },
      { id: 'gone-session', user_id: gone, csrf_token: 'x', expires_at: new Date(Date.now() + DAY) },
    ]).execute();
    await db.insertInto('login_attempts').values([
      { key: '192.0.2.0|recent', attempted_at: ago(2 * DAY) },
      { key: 'user|recent', attempted_at: ago(DAY / 24) },
      { key: 'user|gone', attempted_at: ago(DAY / 24) },
    ]).execute();
    const mail = { kind: 'invite', from_addr: 'portal@example.org', subject: 's', body: 'b' };
    await db.insertInto('outbox').values([
      { ...mail, to_addr: 'a@example.org', created_at: ago(400 * DAY), sent_at: ago(366 * DAY) },
      { ...mail, to_addr: 'b@example.org', created_at: ago(400 * DAY), sent_at: ago(364 * DAY) },
      // Never sent: the outbox keeps it for staff to see why.
      { ...mail, to_addr: 'c@example.org', created_at: ago(400 * DAY), sent_at: null },
    ]).execute();
    await db.insertInto('invites').values({ key: 'to-gone', email: 'GONE@example.org', project_id: (await db.selectFrom('projects').select('id').where('identifier', '=', 'NOW-1').executeTakeFirstOrThrow()).id, inviter_id: busy, invtype: 'email' }).execute();
    staff = await t.login('staffer');
  });
  afterAll(() => t.close());

  it('shows staff before a run what the run then removes, and nothing the second time', async () => {
    const before = await countsOf(staff);
    expect(before).toEqual({ 'login-attempts': 1, 'sent-mails': 1, 'inactive-users': 1 });
    const removed = await applyRetention(t.ctx.db, t.ctx.schemas);
    expect(Object.fromEntries(removed!.map((r) => [r.rule, r.rows]))).toEqual(before);
    expect(await countsOf(staff)).toEqual({ 'login-attempts': 0, 'sent-mails': 0, 'inactive-users': 0 });
    expect((await applyRetention(t.ctx.db, t.ctx.schemas))!.every((r) => r.rows === 0)).toBe(true);
  });

  it('removed the rows past their period and kept those within it', async () => {
    const { db } = t.ctx;
    expect((await db.selectFrom('sessions').select('id').where('id', 'in', ['recent-session', 'gone-session']).execute()).map((s) => s.id)).toEqual(['recent-session']);
    expect((await db.selectFrom('login_attempts').select('key').orderBy('key').execute()).map((a) => a.key)).toEqual(['user|recent']);
    expect((await db.selectFrom('outbox').select('to_addr').orderBy('to_addr').execute()).map((m) => m.to_addr)).toEqual(['b@example.org', 'c@example.org']);
  });

  it('reduced the long-inactive user to their name and kept the others whole', async () => {
    const { db } = t.ctx;
    const user = await db.selectFrom('users').selectAll().where('id', '=', gone).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: 'gone', first_name: 'Goran', last_name: 'Gotovac', person_oib: '', person_mail: '', person_uniqueid: '', password_hash: null, is_active: false });
    expect(await db.selectFrom('ssh_keys').select('name').where('user_id', '=', gone).execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', gone).execute()).toEqual([]);
    expect(await db.selectFrom('invites').select('key').where('key', '=', 'to-gone').execute()).toEqual([]);
    for (const username of ['recent', 'busy', 'oldstaff']) {
      const kept = await db.selectFrom('users').select(['person_mail', 'password_hash']).where('username', '=', username).executeTakeFirstOrThrow();
      expect(kept.person_mail).toBe(`${username}@example.org`);
      expect(kept.password_hash).not.toBeNull();
    }
    expect(await db.selectFrom('ssh_keys').select('name').where('name', '=', 'new').execute()).toHaveLength(1);
  });

  it('keeps the old project naming its lead', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/OLD-9', headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    const lead = (res.json().userproject_set as { role: { name: string }; user: { first_name: string; last_name: string } }[]).find((m) => m.role.name === 'lead');
    expect(lead?.user).toMatchObject({ first_name: 'Goran', last_name: 'Gotovac' });
  });

  it('refuses the counts to anyone but staff', async () => {
    const recent = await t.login('recent');
    expect((await t.app.inject({ method: 'GET', url: RETENTION, headers: { cookie: recent.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: RETENTION })).statusCode).toBe(401);
  });
});
