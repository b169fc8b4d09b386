import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runValidate } from '../../scripts/validate';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { addProject, addUser } from '../support/fixtures';
import { generalRequest, ONE_FIELD } from '../../harness/request-payloads';
import { addSummerSchool, copySchemas } from '../../harness/schema-copy';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';

/**
 * What centre staff change by editing schemas, each on a copy of schemas/ with no code edit: the
 * server started on the copy and the QA tool pointed at it (`--schemas`) both follow the edit, and
 * the unedited schemas still decide the old way. The browser side is tests/e2e/schema-edits.spec.ts.
 */
const QUANTUM = 'Kvantno računarstvo';
const quantumField = [{ ...ONE_FIELD[0], scientificfields: [{ name: { label: QUANTUM, value: QUANTUM }, percent: 100 }] }];

describe('schema edits with no code change', () => {
  const copy = copySchemas();
  const files = mkdtempSync(join(tmpdir(), 'payloads-'));
  let t: TestApp;
  let lead: Caller;
  let staff: Caller;
  beforeAll(async () => {
    copy.edit('rules/resource-limits.json', (doc) => {
      doc.properties.HPCnSlotsCPU.maximum = 10000;
    });
    copy.edit('rules/science-domains.json', (doc) => {
      const technical = doc.definitions.domainShare.oneOf.find((b: any) => b.properties.name.properties.value.const === 'Tehničke znanosti');
      technical.properties.name.properties.value.fields.push({ value: QUANTUM, label: { hr: QUANTUM, en: 'Quantum computing' } });
    });
    copy.edit('requests/practical-class.json', (doc) => {
      doc.required.push('science_extrasoftware');
    });
    copy.edit('rules/states.json', (doc) => {
      doc.oneOf.find((s: any) => s.const === 'approve').staffOptions.push('submit');
    });
    copy.edit('rules/resource-types.json', (doc) => {
      doc.oneOf.find((r: any) => r.const === 'GPU').staffOnly = true;
    });
    copy.edit('rules/states.json', (doc) => {
      doc.oneOf.find((s: any) => s.const === 'approve').leadOptions.push('submit-extend');
    });
    copy.edit('api/project-change.json', (doc) => {
      doc.allOf = doc.allOf.filter((rule: any) => !rule.if.anyOf.some((c: any) => c.properties.state?.const === 'deny'));
    });
    copy.edit('rules/username.json', (doc) => {
      doc.maxLength = 12;
    });
    addSummerSchool(copy);
    t = await startTestApp({ seed: false, schemas: loadSchemaSet(copy.dir) });
    await addUser(t.ctx, 'lead', { person_institution: 'FER' });
    await addUser(t.ctx, 'staff', { is_staff: true });
    await t.ctx.db.insertInto('science_software').values({ name: 'gromacs/2023.3-cuda' }).execute();
    lead = await t.login('lead');
    staff = await t.login('staff');
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
    rmSync(files, { recursive: true, force: true });
  });

  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/internal/projects-general/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf }, payload });
  /** The QA tool's exit code and output for a payload, on the copy or (schemasDir undefined) on schemas/. */
  const qa = (schemaId: string, payload: unknown, schemasDir?: string, ...roleArgs: string[]) => {
    const file = join(files, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(payload));
    const lines: string[] = [];
    const code = runValidate([schemaId, file, ...(schemasDir ? ['--schemas', schemasDir] : []), ...roleArgs], (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  it('a raised maximum: 8000 CPU cores pass the server and the QA tool on the copy, not on schemas/', async () => {
    const payload = generalRequest({ resources_numbers: { HPCnSlotsCPU: 8000 } });
    expect((await submit(payload)).statusCode).toBe(201);
    expect(qa('requests/practical-class', payload, copy.dir).code).toBe(0);
    const old = qa('requests/practical-class', payload);
    expect(old.code).toBe(1);
    expect(old.output).toContain('/resources_numbers/HPCnSlotsCPU');
  });

  it('a field added to a science domain is accepted wherever the domain is checked', async () => {
    const payload = generalRequest({ name: 'Kvantni algoritmi', science_field: quantumField });
    expect((await submit(payload)).statusCode).toBe(201);
    expect(qa('requests/practical-class', payload, copy.dir).code).toBe(0);
    expect(qa('requests/practical-class', payload).code).toBe(1);
  });

  it('a field made required is refused when missing, by the server and the QA tool', async () => {
    const payload = generalRequest({ name: 'Bez dodatnog softvera' });
    delete payload.science_extrasoftware;
    const res = await submit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path: '/science_extrasoftware', key: 'required' }));
    const edited = qa('requests/practical-class', payload, copy.dir);
    expect(edited.code).toBe(1);
    expect(edited.output).toContain('[required]');
    expect(qa('requests/practical-class', payload).code).toBe(0);
  });

  it('an added request type is validated by the QA tool with its own schema', () => {
    expect(qa('requests/summer-school', generalRequest({ project_type: 'summer-school' }), copy.dir).code).toBe(0);
    expect(qa('requests/summer-school', generalRequest({ project_type: 'summer-school', name: '' }), copy.dir).code).toBe(1);
    expect(qa('requests/summer-school', generalRequest({ project_type: 'summer-school' })).code).toBe(2);
  });

  it('a new state transition (approved back to processing) is allowed by the server', async () => {
    const leadId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'lead').executeTakeFirstOrThrow()).id;
    await addProject(t.ctx, 'NR-2026-01-007', 'approve', [[leadId, 'lead']]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/internal/projects/${encodeURIComponent('NR-2026-01-007')}`,
      headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf },
      payload: { state: 'submit' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: { name: 'submit' } });
  });

  const asStaff = (method: 'POST', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf }, payload: payload as Record<string, unknown> });

  it('a resource type made staff-only is refused for a user by the server and the QA tool, and allowed for staff', async () => {
    const payload = generalRequest({ name: 'Samo za osoblje', resources_type: [{ label: 'GPU', value: 'GPU' }] });
    const res = await submit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toContain('Only staff can choose GPU');
    expect(qa('requests/practical-class', payload, copy.dir, '--role', 'user').output).toContain('Only staff can choose GPU');
    expect(qa('requests/practical-class', payload, copy.dir, '--role', 'staff').code).toBe(0);
    expect(qa('requests/practical-class', payload, undefined, '--role', 'user').code).toBe(0);
  });

  it('a state whose leadOptions offer the extension lets the lead ask for one', async () => {
    const leadId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'lead').executeTakeFirstOrThrow()).id;
    const id = await addProject(t.ctx, 'NR-2026-01-008', 'approve', [[leadId, 'lead']]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/internal/project-extend/${id}`,
      headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf },
      payload: { reason: 'Treba još mjesec dana', date_end: '2027-01-31' },
    });
    expect(res.statusCode).toBe(201);
    const project = await t.ctx.db.selectFrom('projects').innerJoin('states', 'states.id', 'projects.state_id').select('states.name').where('projects.id', '=', id).executeTakeFirstOrThrow();
    expect(project.name).toBe('submit-extend');
  });

  it('what a target state needs is the change schema: without the deny rule, staff deny with no comment', async () => {
    const leadId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'lead').executeTakeFirstOrThrow()).id;
    await addProject(t.ctx, 'NR-2026-01-009', 'submit', [[leadId, 'lead']]);
    const res = await asStaff('POST', `/api/v1/internal/projects/${encodeURIComponent('NR-2026-01-009')}`, { state: 'deny' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: { name: 'deny' } });
    expect(qa('api/project-change', { state: 'deny' }, copy.dir, '--role', 'staff').code).toBe(0);
    const old = qa('api/project-change', { state: 'deny' }, undefined, '--role', 'staff');
    expect(old.code).toBe(1);
    expect(old.output).toContain('When denying a request you must state the reason.');
  });

  it('a shorter username limit is what the login and the QA tool hold to', async () => {
    const anonymous = await t.anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: anonymous.cookie, 'x-csrftoken': anonymous.csrf },
      payload: { username: 'a-very-long-name', password: 'secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path: '/username', key: 'tooLong' }));
    expect(qa('api/login', { username: 'a-very-long-name', password: 'x' }, copy.dir).code).toBe(1);
    expect(qa('api/login', { username: 'a-very-long-name', password: 'x' }).code).toBe(0);
  });
});
