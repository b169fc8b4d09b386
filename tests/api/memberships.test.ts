import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

describe('memberships API', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const projects: Record<string, number> = {};
  const callers = new Map<string, Caller>();

  async function post(username: string, url: string, payload: unknown) {
    if (!callers.has(username)) callers.set(username, await t.login(username));
    const caller = callers.get(username)!;
    return t.app.inject({ method: 'POST', url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, payload: payload as object });
  }
  const signOff = (username: string, project: string, userIds: unknown) => post(username, `/api/v1/internal/users-projects/${projects[project] ?? project}`, userIds);
  const addInternal = (username: string, project: string, usernames: string[]) =>
    post(username, `/api/v1/internal/users-intprojects/${projects[project] ?? project}`, usernames.map((value) => ({ label: value, value })));
  const members = (project: string) =>
    t.ctx.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select(['u.username', 'r.name as role'])
      .where('m.project_id', '=', projects[project])
      .orderBy('u.username')
      .execute();

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    for (const name of ['lead', 'collab', 'collab2', 'staff', 'newbie', 'twin', 'other'])
      ids[name] = await addUser(t.ctx, name, {
        first_name: name,
        last_name: 'Test',
        is_staff: name === 'staff',
        person_oib: name === 'twin' || name === 'collab' ? '12345678903' : '',
      });
    const team: [number, 'lead' | 'collaborator'][] = [[ids.lead, 'lead'], [ids.collab, 'collaborator'], [ids.collab2, 'collaborator']];
    projects.practical = await addProject(t.ctx, 'T-practical', 'approve', team, 'practical');
    projects.finished = await addProject(t.ctx, 'T-finished', 'expire', team, 'practical');
    projects.internal = await addProject(t.ctx, 'T-internal', 'approve', [[ids.lead, 'lead'], [ids.collab, 'collaborator']], 'internal');
    projects.workshop = await addProject(t.ctx, 'T-workshop', 'extend', [[ids.staff, 'lead']], `${t.ctx.schemas.service.productKey}-workshop`);
    projects.oldInternal = await addProject(t.ctx, 'T-old-internal', 'expire', [[ids.lead, 'lead']], 'internal');
  });
  afterAll(() => t.close());

  describe('sign-off', () => {
    it('is refused to a collaborator and to staff who are not the lead', async () => {
      for (const who of ['collab', 'staff']) {
        const res = await signOff(who, 'practical', [ids.collab2]);
        expect(res.statusCode).toBe(403);
        expect(res.json().status.message).toMatch(/Not authorized to remove users from this project/);
      }
      expect(await members('practical')).toHaveLength(3);
    });

    it('never removes the lead and refuses a list with a non-member, changing nothing', async () => {
      const lead = await signOff('lead', 'practical', [ids.collab, ids.lead]);
      expect(lead.statusCode).toBe(400);
      expect(lead.json().status.message).toBe('lead - The project lead cannot be signed off');
      const stranger = await signOff('lead', 'practical', [ids.collab, ids.newbie]);
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().status.message).toBe(`lead - Not collaborators of this project: ${ids.newbie}`);
      expect(await members('practical')).toHaveLength(3);
    });

    it('is refused on an inactive project', async () => {
      const res = await signOff('lead', 'finished', [ids.collab]);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.message).toMatch(/Project is not active/);
      expect(await members('finished')).toHaveLength(3);
    });

    it('answers clear errors for a bad project id, an unknown project and a bad body', async () => {
      expect((await signOff('lead', 'abc', [ids.collab])).statusCode).toBe(400);
      expect((await signOff('lead', '999999', [ids.collab])).statusCode).toBe(404);
      for (const body of [[], ['x'], { ids: [1] }]) expect((await signOff('lead', 'practical', body)).statusCode).toBe(400);
    });

    it('removes the chosen collaborators when the lead asks', async () => {
      const res = await signOff('lead', 'practical', [ids.collab2]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: { code: 200, message: 'lead - Users removed from project' } });
      expect(await members('practical')).toEqual([
        { username: 'collab', role: 'collaborator' },
        { username: 'lead', role: 'lead' },
      ]);
    });
  });

  describe('internal add', () => {
    it('is for staff only', async () => {
      const res = await addInternal('lead', 'internal', ['newbie']);
      expect(res.statusCode).toBe(403);
      expect(await members('internal')).toHaveLength(2);
    });

    it('is only for internal and workshop projects, and only active ones', async () => {
      const practical = await addInternal('staff', 'practical', ['newbie']);
      expect(practical.statusCode).toBe(400);
      expect(practical.json().status.message).toContain(`only to projects of type internal, ${t.ctx.schemas.service.productKey}-workshop`);
      const inactive = await addInternal('staff', 'oldInternal', ['newbie']);
      expect(inactive.statusCode).toBe(403);
      expect(inactive.json().status.message).toMatch(/Project is not active/);
    });

    it('refuses unknown usernames and adds nobody', async () => {
      const res = await addInternal('staff', 'internal', ['newbie', 'ghost']);
      expect(res.statusCode).toBe(404);
      expect(res.json().status.message).toBe('staff - Users not found: ghost');
      expect(await members('internal')).toHaveLength(2);
    });

    it('adds users as collaborators with status and a cluster username', async () => {
      const res = await addInternal('staff', 'workshop', ['newbie', 'other']);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: { code: 200, message: 'staff - Users added to internal project' }, added: ['newbie', 'other'] });
      const newbie = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', ids.newbie).executeTakeFirstOrThrow();
      expect(newbie).toMatchObject({ status: true, person_username: 'ntest' });
      expect((await members('workshop')).map((m) => m.username)).toEqual(['newbie', 'other', 'staff']);
    });

    it('answers "already added" naming members (or someone with their OIB) and still adds the others', async () => {
      const res = await addInternal('staff', 'internal', ['collab', 'twin', 'collab2']);
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toBe('staff - Users collab, twin already added to internal project');
      expect(res.json()).toMatchObject({ added: ['collab2'], alreadyAdded: ['collab', 'twin'] });
      expect((await members('internal')).map((m) => m.username)).toEqual(['collab', 'collab2', 'lead']);
    });
  });
});
