import { hashPassword } from '../../src/server/users/passwords';
import { lookupIds } from '../../src/server/db/vocabularies';
import { FAILED_SNAPSHOT_REUSE_MS } from '../../src/server/registry/registry-snapshots';
import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';

const schemas = loadSchemaSet();
const OIB = { lead: '20930726687', collab: '13625737435', newbie: '93217836615', kjurkovic: '96936979828', staff: '43489129952' };

describe('registry API', () => {
  let standIn: StandIn;
  let t: TestApp;
  const callers = new Map<string, Caller>();

  async function addUser(username: string, extra: Record<string, unknown> = {}): Promise<number> {
    const row = await t.ctx.db
      .insertInto('users')
      .values({ username, password_hash: await hashPassword(username), ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function addProject(userId: number, type: string, state: string, role: 'lead' | 'collaborator') {
    const [states, types, roles] = await Promise.all([lookupIds(t.ctx.db, 'states'), lookupIds(t.ctx.db, 'project_types'), lookupIds(t.ctx.db, 'roles')]);
    const project = await t.ctx.db
      .insertInto('projects')
      .values({ identifier: `T-${type}-${userId}`, name: 'Test project', reason: 'Testing', state_id: states.get(state)!, project_type_id: types.get(type)! })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('memberships').values({ user_id: userId, project_id: project.id, role_id: roles.get(role)! }).execute();
  }

  async function get(username: string | null, url: string) {
    let caller = username ? callers.get(username) : undefined;
    if (username && !caller) {
      caller = await t.login(username);
      callers.set(username, caller);
    }
    return t.app.inject({ method: 'GET', url, headers: caller ? { cookie: caller.cookie } : {} });
  }

  const forgetSnapshots = () => t.ctx.db.deleteFrom('registry_snapshots').execute();
  const useRegistry = (url: string) => {
    t.ctx.config.registry.url = url;
  };

  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    t = await startTestApp({ seed: false, schemas, config: { registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 500, retries: 1 } } });
    await addUser('lead', { person_oib: OIB.lead });
    await addUser('collab', { person_oib: OIB.collab });
    await addUser('newbie', { person_oib: OIB.newbie });
    await addUser('kjurkovic', { person_oib: OIB.kjurkovic });
    await addUser('staff', { person_oib: OIB.staff, is_staff: true });
    await addUser('nooib');
    await addProject(await addUser('croris-member', { person_oib: '11111111111' }), 'research-croris', 'extend', 'collaborator');
    await addProject(await addUser('inst-lead', { person_oib: '22222222222' }), 'research-institutional', 'approve', 'lead');
    await addProject(await addUser('old-member', { person_oib: OIB.newbie.replace(/^9/, '8') }), 'research-croris', 'expire', 'collaborator');
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    useRegistry(standIn.url);
    standIn.setFault(null);
  });

  describe('GET croris-info/', () => {
    it("answers a lead's registry data and stores her registry name, email and MBZ", async () => {
      const res = await get('lead', '/api/v1/internal/croris-info/');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(schemas.validate('entities/registry-info', body)).toEqual({ valid: true, issues: [] });
      expect(body.status).toEqual({ code: 200, message: 'Successfully fetched the data from CroRIS' });
      expect(body.data.person_info).toMatchObject({ lead_status: true, mbz: '312456' });
      expect(body.data.projects_lead_info).toHaveLength(4);
      const user = await t.ctx.db.selectFrom('users').selectAll().where('username', '=', 'lead').executeTakeFirstOrThrow();
      expect(user).toMatchObject({ croris_first_name: 'Ana', croris_last_name: 'Horvat', croris_mail: 'ahorvat@fer.hr', croris_mbz: '312456' });
    });

    it('reuses the stored answer for 15 minutes, then looks up again', async () => {
      await get('lead', '/api/v1/internal/croris-info/');
      const before = standIn.requests.length;
      const again = await get('lead', '/api/v1/internal/croris-info');
      expect(again.json().status.code).toBe(200);
      expect(standIn.requests.length).toBe(before);
      await t.ctx.db.updateTable('registry_snapshots').set({ fetched_at: new Date(Date.now() - 16 * 60_000) }).where('person_oib', '=', OIB.lead).execute();
      await get('lead', '/api/v1/internal/croris-info/');
      expect(standIn.requests.length).toBeGreaterThan(before);
    });

    it('answers a user without an OIB with status 200 and no data', async () => {
      const res = await get('nooib', '/api/v1/internal/croris-info/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: { code: 200, message: 'Could not get authentication info from database' } });
    });

    it('reports a person unknown to the registry inside a 200 answer', async () => {
      const res = await get('staff', '/api/v1/internal/croris-info/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: { code: 500, message: 'Could not parse data from CroRIS - Ne postoji traženi resurs' } });
    });

    it.each([
      ['slow', 408, /^Could not get data from CroRIS - no answer from the registry within 500 ms/],
      ['serverError', 500, /^Could not parse data from CroRIS - the registry answered HTTP 500/],
      ['badJson', 500, /^Could not parse JSON data from CroRIS - /],
    ] as const)('turns a registry fault (%s) into status %i inside a 200 answer', async (kind, code, message) => {
      await forgetSnapshots();
      standIn.setFault({ kind, delayMs: 5_000 });
      const res = await get('newbie', '/api/v1/internal/croris-info/');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status.code).toBe(code);
      expect(body.status.message).toMatch(message);
      expect(body.data).toBeUndefined();
      expect(schemas.validate('entities/registry-info', body).valid).toBe(true);
    });

    it('reports a registry that is down as 503 inside a 200 answer, and retries it after a minute', async () => {
      await forgetSnapshots();
      const down = await startRegistryStandIn({ username: 'demo', password: 'demo' });
      await down.close();
      useRegistry(down.url);
      const res = await get('newbie', '/api/v1/internal/croris-info/');
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toMatchObject({ code: 503, message: expect.stringMatching(/^Could not get data from CroRIS - cannot reach the registry/) });

      useRegistry(standIn.url);
      const soon = await get('newbie', '/api/v1/internal/croris-info/');
      expect(soon.json().status.code).toBe(503);
      const aged = new Date(Date.now() - FAILED_SNAPSHOT_REUSE_MS - 1_000);
      await t.ctx.db.updateTable('registry_snapshots').set({ fetched_at: aged }).where('person_oib', '=', OIB.newbie).execute();
      const later = await get('newbie', '/api/v1/internal/croris-info/');
      expect(later.json().status.code).toBe(200);
    });
  });

  describe('GET croris-info/:oib', () => {
    it("shows staff another person's registry data without writing it onto the staff user", async () => {
      const res = await get('staff', `/api/v1/internal/croris-info/${OIB.collab}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.person_info).toMatchObject({ first_name: 'Ivan', last_name: 'Kovačević' });
      const staff = await t.ctx.db.selectFrom('users').selectAll().where('username', '=', 'staff').executeTakeFirstOrThrow();
      expect(staff).toMatchObject({ croris_first_name: '', croris_last_name: '', croris_mbz: null });
    });

    it('refuses a user who is not staff with 403', async () => {
      const res = await get('lead', `/api/v1/internal/croris-info/${OIB.collab}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: { code: 403, message: 'You are not allowed to do this', key: 'forbidden' } });
    });

    it('refuses an anonymous caller with 401', async () => {
      const res = await get(null, `/api/v1/internal/croris-info/${OIB.collab}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toMatchObject({ code: 401, key: 'notAuthenticated' });
    });

    it.each(['123', '2093072668x', '209307266870'])('refuses the OIB %s with 400', async (oib) => {
      const res = await get('staff', `/api/v1/internal/croris-info/${oib}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: { code: 400, message: 'An OIB is exactly 11 digits', key: 'invalidOib' } });
    });
  });

  describe('GET can-submit-institute-project', () => {
    async function check(username: string, slash = '') {
      const res = await get(username, `/api/v1/internal/can-submit-institute-project${slash}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(schemas.validate('entities/institute-check', body)).toEqual({ valid: true, issues: [] });
      return body.status;
    }

    it('denies without registry data, and allows a newcomer with an MBZ and no registry projects once looked up', async () => {
      await forgetSnapshots();
      expect(await check('newbie')).toEqual({ code: 200, operation: 'DENY', message: 'No CroRIS data' });
      await get('newbie', '/api/v1/internal/croris-info/');
      expect(await check('newbie', '/')).toEqual({ code: 200, operation: 'ALLOW', message: 'Can submit institute project' });
    });

    it.each([
      ['lead', 'Lead CroRIS project'],
      ['collab', 'Associate CroRIS project'],
      ['kjurkovic', 'MBZ unknown'],
    ])('denies %s from the registry data: %s', async (username, message) => {
      await get(username, '/api/v1/internal/croris-info/');
      expect(await check(username)).toEqual({ code: 200, operation: 'DENY', message });
    });

    it('denies a member of an active registry-based project: Access CroRIS', async () => {
      expect(await check('croris-member')).toMatchObject({ operation: 'DENY', message: 'Access CroRIS' });
    });

    it('denies the lead of an active institutional project: Already submitted', async () => {
      expect(await check('inst-lead')).toMatchObject({ operation: 'DENY', message: 'Already submitted' });
    });

    it('ignores memberships of projects that are no longer active', async () => {
      expect(await check('old-member')).toMatchObject({ message: 'No CroRIS data' });
    });

    it('denies after a failed lookup: No CroRIS data', async () => {
      await forgetSnapshots();
      standIn.setFault({ kind: 'serverError' });
      await get('newbie', '/api/v1/internal/croris-info/');
      expect(await check('newbie')).toMatchObject({ operation: 'DENY', message: 'No CroRIS data' });
    });
  });
});
