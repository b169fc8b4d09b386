import { loadSchemaSet } from '../../src/schema-runtime/node';
import { addProject, addUser } from '../support/fixtures';
import { generalRequest } from '../../harness/request-payloads';
import { addSummerSchool, copySchemas } from '../../harness/schema-copy';
import { startTestApp, type TestApp } from '../../harness/test-app';

describe('a request type added to schemas/requests', () => {
  const copy = copySchemas();
  let t: TestApp;
  beforeAll(async () => {
    addSummerSchool(copy);
    t = await startTestApp({ seed: false, schemas: loadSchemaSet(copy.dir) });
    const lead = await addUser(t.ctx, 'lead', { person_institution: 'FER' });
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[lead, 'lead']]);
    await t.ctx.db.insertInto('science_software').values({ name: 'gromacs/2023.3-cuda' }).execute();
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
  });

  it('is accepted by the server with its own identifier prefix, with no code change', async () => {
    const caller = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/projects-general/',
      headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf },
      payload: generalRequest({ project_type: 'summer-school', name: 'Ljetna škola računarstva' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ project_type: { name: 'summer-school' }, state: { name: 'submit' } });
    expect(res.json().identifier).toMatch(/^NRS-\d{4}-\d{2}-\d{3}$/);
    const mail = await t.ctx.db.selectFrom('outbox').select('subject').where('kind', '=', 'request-new').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Prijava nove ljetne škole');
  });

  it('validates its payload with its own schema', async () => {
    const caller = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/projects-general/',
      headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf },
      payload: generalRequest({ project_type: 'summer-school', name: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path: '/name', key: 'required' }));
  });
});
