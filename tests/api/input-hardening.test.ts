import { loadSchemaSet } from '../../src/schema-runtime/node';
import { documentedParts } from '../../src/server/openapi/route-shape';
import { buildApp } from '../../src/server/app';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { generalRequest } from '../../harness/request-payloads';

/**
 * What a careless or hostile client can send: NUL characters, integers beyond the database's
 * range, malformed and over-long paths, blank text. Each answer is a 4xx in the JSON envelope
 * that names the field, never a 500.
 */
const schemas = loadSchemaSet();

function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { status: { code: number; message: string; key: string } };
  expect(body.status.code).toBe(status);
  expect(typeof body.status.message).toBe('string');
  expect(typeof body.status.key).toBe('string');
  return body;
}

describe('input hardening', () => {
  let t: TestApp;
  let lead: Caller;
  let staff: Caller;
  let projectId: number;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    const leadId = await addUser(t.ctx, 'lead', { person_oib: '20930726687', status: true, person_mail: 'lead@example.org' });
    await addUser(t.ctx, 'staff', { is_staff: true });
    projectId = await addProject(t.ctx, 'P-1', 'approve', [[leadId, 'lead']]);
    lead = await t.login('lead');
    staff = await t.login('staff');
  });
  afterAll(() => t.close());

  const post = (caller: Caller, url: string, payload: unknown, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, payload: payload as object });

  describe('defect 2: NUL characters', () => {
    it('refuses a NUL in the login username with a 400 naming the field', async () => {
      const anon = await t.anonymous();
      const res = await t.app.inject({
        method: 'POST', url: '/auth/login/', headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf },
        payload: { username: 'lead\u0000', password: 'lead' },
      });
      const body = expectEnvelope(res, 400);
      expect(body.status.message).toContain('username');
    });

    it.each([
      ['key name', '/api/v1/internal/keys/', () => ({ name: 'a\u0000', public_key: 'ssh-ed25519 AAAA' }), 'name'],
      ['key name on delete', '/api/v1/internal/keys/', () => ({ name: 'a\u0000' }), 'name'],
      ['extension reason', '', () => ({ reason: 'a\u0000', date_end: '2027-01-15' }), 'reason'],
      ['invited e-mail', '/api/v1/internal/invites-sent/', () => ({ type: 'inviterem', email: 'a\u0000@example.org', projectid: 1, inviterid: 1 }), 'email'],
    ])('refuses a NUL in the %s', async (_label, url, payload, field) => {
      const target = url || `/api/v1/internal/project-extend/${projectId}`;
      const res = await post(lead, target, payload(), _label === 'key name on delete' ? 'DELETE' : 'POST');
      const body = expectEnvelope(res, 400);
      expect(body.status.message).toContain(field);
    });

    it('refuses a NUL in a request name and reason', async () => {
      const res = await post(lead, '/api/v1/internal/projects-general/', generalRequest({ name: 'Projekt\u0000', reason: 'x\u0000' }));
      const body = expectEnvelope(res, 400);
      expect(body.status.message).toContain('/name');
      expect(body.status.message).toContain('/reason');
    });

    it('refuses a NUL in the software added-by value', async () => {
      const res = await post(staff, '/api/v1/internal/science-software/', {
        newAppModuleName: 'gromacs/1', newAppAddedBy: { label: 'Staff', value: 'staff\u0000' },
      });
      const body = expectEnvelope(res, 400);
      expect(body.status.message).toContain('newAppAddedBy/value');
    });

    it.each([
      '/api/v1/internal/projects/P%00',
      '/api/v1/internal/keys/ab%00',
      '/api/v1/internal/projects/role/lead%00',
    ])('refuses %%00 in a path parameter (%s)', async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } });
      expectEnvelope(res, 400);
    });
  });

  describe('defect 3: integers beyond the database range', () => {
    it('refuses 1e20 as the project id of an invitation cancel', async () => {
      const res = await post(lead, '/api/v1/internal/invites-sent/', { type: 'inviterem', email: 'a@example.org', projectid: 1e20, inviterid: 1 });
      const body = expectEnvelope(res, 400);
      expect(body.status.message).toContain('projectid');
    });

    it('refuses 1e20 as the project id of an invitation', async () => {
      const res = await post(lead, '/api/v1/internal/invites/', { project: 'P-1', projectid: 1e20, type: 'add', collaboratorEmails: [] });
      expectEnvelope(res, 400);
    });

    it('refuses user ids beyond the range in a sign-off', async () => {
      const res = await post(lead, `/api/v1/internal/users-projects/${projectId}`, [2 ** 40]);
      expectEnvelope(res, 400);
    });

    it.each(['/api/v1/internal/users-projects/99999999999', '/api/v1/internal/project-extend/9999999999999'])(
      'answers a path id beyond the range without a 500 (%s)',
      async (url) => {
        const res = await post(lead, url, url.includes('extend') ? { reason: 'Treba još', date_end: '2027-01-15' } : [1]);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().status.key).toBeDefined();
      },
    );

    it('answers a range error of the database itself with a 400 in the envelope, not a 500', async () => {
      // A route that lets a value reach the database unchecked: the one error handler still answers 400.
      const app = await buildApp(t.ctx, { logger: false });
      app.get('/test-only/range', { config: { access: 'public' } }, async () =>
        t.ctx.db.selectFrom('projects').select('id').where('id', '=', 1e20).execute());
      try {
        const res = await app.inject({ method: 'GET', url: '/test-only/range' });
        const body = expectEnvelope(res, 400);
        expect(body.status.key).toBe('badRequest');
      } finally {
        await app.close();
      }
    });

    it('bounds every integer a caller can send (the request schemas of schemas/api)', () => {
      // Answers may carry any count; what a caller sends reaches the database and must fit it.
      const answersOnly = new Set(
        [...t.app.routeShapes.values()].flatMap((d) => Object.values(d.response).flatMap((a) => (typeof a.schema?.$ref === 'string' ? [a.schema.$ref.split('#')[0]] : []))),
      );
      for (const shape of t.app.routeShapes.values())
        for (const part of Object.values(documentedParts(shape))) if (typeof part?.$ref === 'string') answersOnly.delete(part.$ref.split('#')[0]);
      const unbounded: string[] = [];
      const walk = (node: unknown, where: string) => {
        if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
        if (!node || typeof node !== 'object') return;
        const n = node as Record<string, unknown>;
        if (n.type === 'integer' && (n.maximum === undefined || n.minimum === undefined)) unbounded.push(where);
        for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`);
      };
      for (const id of schemas.ids.filter((i) => i.includes('/api/') && !answersOnly.has(i))) walk(schemas.schema(id), id);
      expect(unbounded).toEqual([]);
    });
  });

  describe('defect 4: framework errors in the envelope', () => {
    it('answers a malformed URL in the envelope', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/%ZZ', headers: { cookie: lead.cookie } });
      const body = expectEnvelope(res, 400);
      expect(body).not.toHaveProperty('error');
    });

    it('answers a too-long path parameter in the envelope', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/internal/projects/${'x'.repeat(500)}`, headers: { cookie: lead.cookie } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['status']);
      expect(body.status.key).toBeDefined();
    });

    it('answers an unsupported method on a known path in the envelope', async () => {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/internal/keys/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().status.key).toBeDefined();
    });
  });

  describe('defect 8: blank text', () => {
    it('refuses a reason of only spaces on request submission, naming the field', async () => {
      const res = await post(lead, '/api/v1/internal/projects-general/', generalRequest({ reason: ' ' }));
      const body = expectEnvelope(res, 400);
      expect(body.status.message).toContain('/reason');
      const count = await t.ctx.db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('is a schema rule the form and the QA tool see too', () => {
      const result = schemas.validate('requests/practical-class', generalRequest({ reason: '   \t', name: ' ' }));
      expect(result.valid).toBe(false);
      expect(result.issues).toEqual(expect.arrayContaining([
        expect.objectContaining({ path: '/reason', key: 'required' }),
        expect.objectContaining({ path: '/name', key: 'required' }),
      ]));
    });
  });
});
