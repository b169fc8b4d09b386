import { loadSchemaSet } from '../../src/schema-runtime/node';
import { addUser } from '../support/fixtures';
import { apiKey } from '../support/accounting';
import { generalRequest, SOFTWARE } from '../../harness/request-payloads';
import { copySchemas } from '../../harness/schema-copy';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';

/*
 * The clusters' tool already lists a GPU-BIGMEM tag and an hpc-gpu-bigmem group that the shipped
 * rules/resource-types.json does not have. Adding it there — one line, no code — makes it
 * requestable, grantable, filterable in the staff grids and sent to the clusters.
 */
describe('a resource type added to rules/resource-types.json', () => {
  const copy = copySchemas();
  let t: TestApp;
  let identifier: string;
  const send = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    copy.edit('rules/resource-types.json', (doc) => {
      doc.oneOf.push({ const: 'GPU-BIGMEM', staffOnly: false });
    });
    t = await startTestApp({ seed: false, schemas: loadSchemaSet(copy.dir) });
    await addUser(t.ctx, 'lead', { person_institution: 'FER', person_username: 'lead' });
    await addUser(t.ctx, 'staff', { is_staff: true });
    await t.ctx.db.insertInto('science_software').values({ name: SOFTWARE[0] }).execute();
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
  });

  it('can be requested', async () => {
    const lead = await t.login('lead');
    const filed = await send(lead, 'POST', '/api/v1/internal/projects-general/', generalRequest({ resources_type: [{ label: 'GPU-BIGMEM', value: 'GPU-BIGMEM' }] }));
    expect(filed.statusCode).toBe(201);
    identifier = filed.json().identifier;
    expect(filed.json().resources_type).toEqual([expect.objectContaining({ value: 'GPU-BIGMEM' })]);
  });

  it('can be granted, and a type the rules do not have cannot', async () => {
    const staff = await t.login('staff');
    const url = `/api/v1/internal/projects/${encodeURIComponent(identifier)}`;
    const unknown = await send(staff, 'POST', url, { state: 'approve', staff_resources_type: [{ label: 'GPU-HUGEMEM', value: 'GPU-HUGEMEM' }] });
    expect(unknown.statusCode).toBe(400);
    const granted = await send(staff, 'POST', url, { state: 'approve', staff_resources_type: [{ label: 'GPU-BIGMEM', value: 'GPU-BIGMEM' }] });
    expect(granted.statusCode).toBe(200);
  });

  it('filters the staff projects grid', async () => {
    const staff = await t.login('staff');
    const page = await send(staff, 'GET', '/api/v1/internal/grid-page/projects?limit=100&resources=GPU-BIGMEM');
    expect(page.statusCode).toBe(200);
    expect(page.json().rows.map((r: { identifier: string }) => r.identifier)).toEqual([identifier]);
    const none = await send(staff, 'GET', '/api/v1/internal/grid-page/projects?limit=100&resources=CPU');
    expect(none.json().rows).toEqual([]);
  });

  it('is sent to the clusters, and their tag filters find it', async () => {
    const key = await apiKey(t, ['read']);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Api-Key ${key}` } });
    const members = (await get('/api/v1/usersprojects?tags=GPU-BIGMEM')).json();
    expect(members).toEqual([expect.objectContaining({ project: expect.objectContaining({ identifier, staff_resources_type: ['GPU-BIGMEM'] }) })]);
    expect((await get('/api/v1/accounting/projectsusers?tag=GPU-BIGMEM')).json()).toEqual([expect.objectContaining({ sifra: identifier, approved_resources: ['GPU-BIGMEM'] })]);
  });
});
