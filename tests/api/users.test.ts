import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { sweepInactiveUsers } from '../../src/server/users/inactive-sweep';

type Method = 'GET' | 'POST' | 'DELETE';
interface ListedUser {
  username: string;
  n_ssh_key: number;
  ssh_key: boolean;
  projects: { identifier: string; role: string; state: string }[];
}

const STAFF_ENDPOINTS = [
  '/api/v1/internal/active-users/',
  '/api/v1/internal/inactive-users/',
  '/api/v1/internal/ops-users/',
  '/api/v1/internal/users/lead',
];

describe('staff users API', () => {
  let t: TestApp;
  let staff: Caller;
  const ids = new Map<string, number>();
  const send = (caller: Caller | null, method: Method, url: string) =>
    t.app.inject({ method, url, headers: caller ? { cookie: caller.cookie, 'x-csrftoken': caller.csrf } : {} });
  const names = (list: ListedUser[]) => list.map((u) => u.username);

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const people: [string, Record<string, unknown>][] = [
      ['staff', { is_staff: true, status: true, first_name: 'Sanja', last_name: 'Staff' }],
      ['admin', { is_superuser: true, status: true, first_name: 'Ante', last_name: 'Admin' }],
      ['lead', { status: true, person_username: 'ahorvat', date_joined: '2024-01-01T10:00:00Z' }],
      ['collab', { status: true, date_joined: '2024-02-01T10:00:00Z' }],
      ['foreign', { status: true, person_type: 'foreign', date_joined: '2024-03-01T10:00:00Z' }],
      ['newbie', { status: false, date_joined: '2024-04-01T10:00:00Z' }],
      ['past', { status: false, date_joined: '2024-05-01T10:00:00Z' }],
      ['stale', { status: true, date_joined: '2024-06-01T10:00:00Z' }],
    ];
    for (const [username, extra] of people) ids.set(username, await addUser(t.ctx, username, extra));
    const id = (u: string) => ids.get(u)!;
    await addProject(t.ctx, 'NR-2026-01-002', 'approve', [[id('lead'), 'lead'], [id('collab'), 'collaborator']]);
    await addProject(t.ctx, 'NR-2026-01-001', 'extend', [[id('collab'), 'lead'], [id('lead'), 'collaborator']]);
    await addProject(t.ctx, 'NR-2026-01-003', 'approve-expire', [[id('lead'), 'lead'], [id('foreign'), 'collaborator']]);
    await addProject(t.ctx, 'NR-2025-01-009', 'expire', [[id('lead'), 'lead'], [id('past'), 'collaborator'], [id('stale'), 'lead']]);
    await addProject(t.ctx, 'NR-2026-02-001', 'submit', [[id('lead'), 'lead']]);
    await addProject(t.ctx, 'NR-2026-02-002', 'deny', [[id('lead'), 'lead'], [id('stale'), 'collaborator']]);
    const approved: [string, string][] = [['NR-2026-01-002', '2026-01-10T09:00:00Z'], ['NR-2026-01-001', '2025-12-01T09:00:00Z'], ['NR-2026-01-003', '2026-02-01T09:00:00Z']];
    for (const [identifier, at] of approved)
      await t.ctx.db.updateTable('projects').set({ date_approved: at }).where('identifier', '=', identifier).execute();
    await t.ctx.db
      .insertInto('ssh_keys')
      .values([1, 2].map((n) => ({ user_id: id('lead'), name: `k${n}`, fingerprint: `fp${n}`, public_key: `ssh-ed25519 AAAA${n}` })))
      .execute();
    staff = await t.login('staff');
  });
  afterAll(() => t.close());

  it.each(['newbie', 'lead', 'collab', 'foreign'])('refuses %s on every staff endpoint with a 403 envelope', async (who) => {
    const caller = await t.login(who);
    for (const url of STAFF_ENDPOINTS) {
      const res = await send(caller, 'GET', url);
      expect(res.statusCode).toBe(403);
      expect(t.ctx.schemas.validate('api/error', res.json()).valid).toBe(true);
      expect(res.json().status.key).toBe('forbidden');
    }
  });

  it('refuses anonymous callers with 401', async () => {
    for (const url of STAFF_ENDPOINTS) {
      const res = await send(null, 'GET', url);
      expect(res.statusCode).toBe(401);
      expect(res.json().status.key).toBe('notAuthenticated');
    }
  });

  it('lists users on active projects with their active projects, lead ones first, then by identifier', async () => {
    const res = await send(staff, 'GET', '/api/v1/internal/active-users/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as ListedUser[];
    expect(t.ctx.schemas.validate('api/users-list', list)).toEqual({ valid: true, issues: [] });
    expect(names(list)).toEqual(['foreign', 'collab', 'lead']);
    const lead = list.find((u) => u.username === 'lead')!;
    expect(lead.projects.map((p) => [p.identifier, p.role, p.state])).toEqual([
      ['NR-2026-01-002', 'lead', 'approve'],
      ['NR-2026-01-003', 'lead', 'approve-expire'],
      ['NR-2026-01-001', 'collaborator', 'extend'],
    ]);
    expect(lead).toMatchObject({ ssh_key: true, n_ssh_key: 2, person_username: 'ahorvat', date_joined: '2024-01-01T10:00:00.000Z' });
    expect(list.find((u) => u.username === 'collab')).toMatchObject({ ssh_key: false, n_ssh_key: 0 });
  });

  it('lists inactive users, those without any membership first, with all their memberships', async () => {
    const res = await send(staff, 'GET', '/api/v1/internal/inactive-users/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as ListedUser[];
    expect(t.ctx.schemas.validate('api/users-list', list)).toEqual({ valid: true, issues: [] });
    expect(names(list)).toEqual(['newbie', 'past']);
    expect(list[0].projects).toEqual([]);
    expect(list[1].projects).toEqual([{ identifier: 'NR-2025-01-009', state: 'expire', role: 'collaborator', type: 'practical' }]);
  });

  it('lists staff and superusers for the software adder', async () => {
    const res = await send(staff, 'GET', '/api/v1/internal/ops-users/');
    expect(t.ctx.schemas.validate('api/ops-users', res.json()).valid).toBe(true);
    expect(res.json()).toEqual([
      { first_name: 'Ante', last_name: 'Admin', username: 'admin' },
      { first_name: 'Sanja', last_name: 'Staff', username: 'staff' },
    ]);
  });

  it('shows a user with their projects except open and denied requests, newest approval first', async () => {
    const res = await send(staff, 'GET', '/api/v1/internal/users/lead');
    expect(res.statusCode).toBe(200);
    expect(t.ctx.schemas.validate('api/user-detail', res.json())).toEqual({ valid: true, issues: [] });
    const set = res.json().userproject_set as { project: { identifier: string; state: { name: string } }; role: { name: string } }[];
    expect(set.map((m) => [m.project.identifier, m.role.name])).toEqual([
      ['NR-2026-01-003', 'lead'],
      ['NR-2026-01-002', 'lead'],
      ['NR-2026-01-001', 'collaborator'],
      ['NR-2025-01-009', 'lead'],
    ]);
    expect(res.json()).toMatchObject({ username: 'lead', person_username: 'ahorvat', status: true, is_staff: false });
  });

  it('answers 404 for an unknown user, 400 for a NUL in the name, and 414 for names no user can have', async () => {
    const res = await send(staff, 'GET', '/api/v1/internal/users/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json().status.key).toBe('notFound');
    const nul = await send(staff, 'GET', '/api/v1/internal/users/%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().status).toMatchObject({ key: 'validationFailed', message: expect.stringContaining('path/username') });
    const long = await send(staff, 'GET', `/api/v1/internal/users/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    // Fastify's router refuses over-long path parameters itself (maxParamLength), before any route.
  });

  it('the sweep marks non-staff users without an active project inactive, and never marks anyone active', async () => {
    const idle = await addUser(t.ctx, 'idle', { status: true });
    const idleStaff = await addUser(t.ctx, 'idle-staff', { status: true, is_staff: true });
    expect(await sweepInactiveUsers(t.ctx.db, t.ctx.schemas)).toBe(2);
    const rows = await t.ctx.db.selectFrom('users').select(['username', 'status']).orderBy('username').execute();
    const status = Object.fromEntries(rows.map((r) => [r.username, r.status]));
    expect(status).toMatchObject({ idle: false, stale: false, 'idle-staff': true, staff: true, admin: true });
    expect(status).toMatchObject({ lead: true, collab: true, foreign: true, newbie: false, past: false });
    expect(await sweepInactiveUsers(t.ctx.db, t.ctx.schemas)).toBe(0);
    expect([idle, idleStaff].every(Number.isInteger)).toBe(true);
    // The sweep is no reader's own change: the list may answer as before once while it rebuilds.
    const expected = ['idle', 'newbie', 'stale', 'past'];
    let inactive = names((await send(staff, 'GET', '/api/v1/internal/inactive-users/')).json());
    for (let i = 0; i < 100 && inactive.join() !== expected.join(); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      inactive = names((await send(staff, 'GET', '/api/v1/internal/inactive-users/')).json());
    }
    expect(inactive).toEqual(expected);
  });
});
