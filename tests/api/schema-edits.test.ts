import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runValidate } from '../../scripts/validate';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { addProject, addUser } from '../support/fixtures';
import { generalRequest, ONE_FIELD } from '../support/request-payloads';
import { addSummerSchool, copySchemas } from '../support/schema-copy';
import { startTestApp, type Caller, type TestApp } from '../support/test-app';

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
  const qa = (schemaId: string, payload: unknown, schemasDir?: string) => {
    const file = join(files, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(payload));
    const lines: string[] = [];
    const code = runValidate([schemaId, file, ...(schemasDir ? ['--schemas', schemasDir] : [])], (line) => lines.push(line));
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
});
