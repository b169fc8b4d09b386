import { sql } from 'kysely';
import { periodicJobs } from '../../src/server/jobs';
import { applyRetention } from '../../src/server/personal-data/retention';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
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
    const due = res.json() as { applying: boolean; rules: { rule: string; rows: number; tables: { table: string; rows: number }[] }[] };
    expect(due.applying).toBe(true);
    return Object.fromEntries(due.rules.map((r) => [r.rule, { rows: r.rows, tables: Object.fromEntries(r.tables.map((x) => [x.table, x.rows])) }]));
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const { db } = t.ctx;
    gone = await addUser(t.ctx, 'gone', { person_mail: 'gone@example.org', person_oib: '33333333333', person_uniqueid: 'gone@uni.hr', first_name: 'Goran', last_name: 'Gotovac', last_login: ago(6 * 365 * DAY), date_joined: ago(8 * 365 * DAY) });
    const recent = await addUser(t.ctx, 'recent', { person_mail: 'recent@example.org', person_oib: '44444444444', last_login: ago(365 * DAY), date_joined: ago(8 * 365 * DAY) });
    const busy = await addUser(t.ctx, 'busy', { person_mail: 'busy@example.org', person_oib: '55555555555', last_login: ago(6 * 365 * DAY), date_joined: ago(8 * 365 * DAY) });
    await addUser(t.ctx, 'oldstaff', { is_staff: true, person_mail: 'oldstaff@example.org', last_login: ago(6 * 365 * DAY), date_joined: ago(8 * 365 * DAY) });
    await addUser(t.ctx, 'staffer', { is_staff: true });
    const old = await addProject(t.ctx, 'OLD-9', 'expire', [[gone, 'lead'], [recent, 'collaborator']]);
    const now = await addProject(t.ctx, 'NOW-1', 'approve', [[busy, 'lead']]);
    const goneRef = { first_name: 'Goran', last_name: 'Gotovac', username: 'gone', person_uniqueid: 'gone@uni.hr' };
    await db
      .updateTable('projects')
      .set({
        croris_collaborators: JSON.stringify([
          { oib: '33333333333', first_name: 'Goran', last_name: 'Gotovac', email: 'gone@example.org', institution: 'Uni' },
          { oib: '44444444444', first_name: 'Rea', last_name: 'Recent', email: 'recent@example.org' },
        ]),
        changed_by: JSON.stringify(goneRef),
        change_history: JSON.stringify([{ who: goneRef, date: ago(7 * 365 * DAY).toISOString(), previous: {}, next: {} }]),
      })
      .where('id', '=', old)
      .execute();
    const role = 'collaborator';
    await db.insertInto('membership_departures').values([
      // Goran left a project, and as its lead removed a member from another.
      { project_id: now, user_id: gone, member: JSON.stringify(goneRef), role, date_joined: ago(8 * 365 * DAY), removed_by: JSON.stringify(goneRef) },
      { project_id: old, user_id: recent, member: JSON.stringify({ first_name: 'Rea', last_name: 'Recent', username: 'recent' }), role, date_joined: ago(8 * 365 * DAY), removed_by: JSON.stringify(goneRef) },
    ]).execute();
    await db.insertInto('registry_snapshots').values([
      { person_oib: '33333333333', fetched_at: ago(6 * 365 * DAY), status_code: 200, payload: JSON.stringify({ projects: [] }) },
      // Busy's registry answer names Goran as a collaborator: a cache, fetched again when needed.
      { person_oib: '55555555555', fetched_at: ago(DAY), status_code: 200, payload: JSON.stringify({ collaborators: [{ oib: '33333333333' }] }) },
    ]).execute();
    await db.insertInto('digest_items').values({ user_id: gone, kind: 'member-joined', params: JSON.stringify({ project: 'OLD-9' }) }).execute();
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
      { key: '192.0.2.0|gone', attempted_at: ago(DAY / 24) },
      { key: '192.0.2.0|notgone', attempted_at: ago(DAY / 24) },
    ]).execute();
    const mail = { kind: 'invite', from_addr: 'portal@example.org', subject: 's', body: 'b' };
    await db.insertInto('outbox').values([
      { ...mail, to_addr: 'a@example.org', created_at: ago(400 * DAY), sent_at: ago(366 * DAY) },
      { ...mail, to_addr: 'b@example.org', created_at: ago(400 * DAY), sent_at: ago(364 * DAY) },
      // Never sent: counted from when it was written.
      { ...mail, to_addr: 'c@example.org', created_at: ago(400 * DAY), sent_at: null },
      { ...mail, to_addr: 'd@example.org', created_at: ago(10 * DAY), sent_at: null },
      // Mails to the long-inactive user, whatever their age, go with their address.
      { ...mail, to_addr: 'gone@example.org', created_at: ago(10 * DAY), sent_at: ago(10 * DAY) },
      { ...mail, to_addr: 'x@example.org', cc_addr: 'Goran Gotovac <GONE@example.org>, y@example.org', created_at: ago(10 * DAY), sent_at: null },
      { ...mail, to_addr: 'notgone@example.org', created_at: ago(10 * DAY), sent_at: ago(10 * DAY) },
    ]).execute();
    await db.insertInto('invites').values({ key: 'to-gone', email: 'GONE@example.org', project_id: (await db.selectFrom('projects').select('id').where('identifier', '=', 'NOW-1').executeTakeFirstOrThrow()).id, inviter_id: busy, invtype: 'email' }).execute();
    staff = await t.login('staffer');
  });
  afterAll(() => t.close());

  it('shows staff before a run, table by table, what the run then removes, and nothing the second time', async () => {
    const before = await countsOf(staff);
    expect(before).toEqual({
      'login-attempts': { rows: 1, tables: { login_attempts: 1 } },
      'sent-mails': { rows: 2, tables: { outbox: 2 } },
      'inactive-users': {
        rows: 1,
        tables: { ssh_keys: 1, sessions: 1, digest_items: 1, project_mail_mutes: 0, login_attempts: 2, invites: 1, outbox: 2, registry_snapshots: 2 },
      },
    });
    // Counting removed nothing: the same counts again.
    expect(await countsOf(staff)).toEqual(before);
    const removed = await applyRetention(t.ctx.db, t.ctx.schemas);
    expect(Object.fromEntries(removed!.map((r) => [r.rule, { rows: r.rows, tables: Object.fromEntries(r.tables.map((x) => [x.table, x.rows])) }]))).toEqual(before);
    const after = await countsOf(staff);
    expect(Object.values(after).map((r) => r.rows)).toEqual([0, 0, 0]);
    expect(Object.values(after).flatMap((r) => Object.values(r.tables)).every((n) => n === 0)).toBe(true);
    expect((await applyRetention(t.ctx.db, t.ctx.schemas))!.every((r) => r.rows === 0)).toBe(true);
  });

  it('removed the rows past their period and kept those within it', async () => {
    const { db } = t.ctx;
    expect((await db.selectFrom('sessions').select('id').where('id', 'in', ['recent-session', 'gone-session']).execute()).map((s) => s.id)).toEqual(['recent-session']);
    expect((await db.selectFrom('login_attempts').select('key').orderBy('key').execute()).map((a) => a.key)).toEqual(['192.0.2.0|notgone', 'user|recent']);
    expect((await db.selectFrom('outbox').select('to_addr').orderBy('to_addr').execute()).map((m) => m.to_addr)).toEqual(['b@example.org', 'd@example.org', 'notgone@example.org']);
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

  it('left the national id and the unique id of the reduced user nowhere, and their name where history needs it', async () => {
    const { db } = t.ctx;
    const { rows: tables } = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
    expect(tables.length).toBeGreaterThan(20);
    const holding: string[] = [];
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} AS t`.execute(db);
      for (const { row } of rows) if (/33333333333|gone@uni\.hr|\bgone@example\.org/i.test(row)) holding.push(`${name}: ${row}`);
    }
    expect(holding).toEqual([]);
    const project = await db.selectFrom('projects').select(['croris_collaborators', 'changed_by']).where('identifier', '=', 'OLD-9').executeTakeFirstOrThrow();
    expect(project.croris_collaborators).toEqual([
      { first_name: 'Goran', last_name: 'Gotovac', institution: 'Uni' },
      { oib: '44444444444', first_name: 'Rea', last_name: 'Recent', email: 'recent@example.org' },
    ]);
    expect(project.changed_by).toEqual({ first_name: 'Goran', last_name: 'Gotovac', username: 'gone' });
    const departures = await db.selectFrom('membership_departures').select(['member', 'removed_by']).orderBy('id').execute();
    expect(departures.map((d) => [(d.member as { last_name: string }).last_name, (d.removed_by as { last_name: string }).last_name])).toEqual([
      ['Gotovac', 'Gotovac'],
      ['Recent', 'Gotovac'],
    ]);
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

/*
 * RETENTION_APPLY=false holds the job for a cutover: no process schedules it, and staff still see
 * what it would remove, with the notice that it is held.
 */
describe('retention held', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { retentionApply: false } });
  });
  afterAll(() => t.close());

  it('schedules no retention job and still shows the counts, saying the job is held', async () => {
    expect(periodicJobs(t.ctx, t.app.log).map((j) => j.name)).not.toContain('retention');
    expect(periodicJobs({ ...t.ctx, config: { ...t.ctx.config, retentionApply: true } }, t.app.log).map((j) => j.name)).toContain('retention');
    await t.ctx.db.insertInto('login_attempts').values({ key: 'user|late', attempted_at: ago(3 * DAY) }).execute();
    await addUser(t.ctx, 'staffer', { is_staff: true });
    const staff = await t.login('staffer');
    const res = await t.app.inject({ method: 'GET', url: RETENTION, headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    const due = res.json() as { applying: boolean; rules: { rule: string; rows: number }[] };
    expect(due.applying).toBe(false);
    expect(due.rules.find((r) => r.rule === 'login-attempts')?.rows).toBe(1);
  });
});
