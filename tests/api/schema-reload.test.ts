import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { copySchemas } from '../../harness/schema-copy';
import { generalRequest } from '../../harness/request-payloads';
import { addProject } from '../support/fixtures';

/** Polls `check` until it holds or `ms` pass; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

// Schema edits go live without a restart (the folder is watched; staff may ask for a reload), and a
// broken edit never does (docs/decisions/0260-live-schemas.md). Two processes: schema-reload.pg.test.ts.
describe('a schema folder served live', () => {
  const copy = copySchemas();
  let t: TestApp;
  let lead: Caller;
  let staff: Caller;
  const send = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, ...(payload ? { payload } : {}) });
  const request = (cpus: number) => send(lead, 'POST', '/api/v1/internal/projects-general/', generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: cpus } }));
  const reload = async () => (await send(staff, 'POST', '/api/v1/internal/schemas/reload')).json();
  const setMaximum = (maximum: number) => copy.edit('rules/resource-limits.json', (doc) => (doc.properties.HPCnSlotsCPU.maximum = maximum));

  beforeAll(async () => {
    t = await startTestApp({ live: { dir: copy.dir, watch: true } });
    [lead, staff] = [await t.login('lead'), await t.login('staff')];
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
  });

  it('puts a raised maximum in force when the folder changes, names the new set and records it with its change', async () => {
    expect((await request(7000)).statusCode).toBe(400);
    const before = (await t.app.inject({ url: '/api/v1/internal/schemas/' })).headers.etag;
    setMaximum(7000);
    await within(10_000, async () => (await request(7000)).statusCode === 201);
    expect((await request(7001)).statusCode).toBe(400);

    const answer = await t.app.inject({ url: '/api/v1/internal/schemas/' });
    expect(answer.headers.etag).not.toBe(before);
    expect(answer.headers['x-schema-set']).toBe(String(answer.headers.etag).replace(/"/g, ''));
    const maximum = answer.json().docs.find((d: { $id: string }) => d.$id.endsWith('rules/resource-limits.json')).properties.HPCnSlotsCPU.maximum;
    expect(maximum).toBe(7000);

    const history = (await send(staff, 'GET', '/api/v1/internal/schemas/history')).json();
    expect(history.current).toBe(answer.headers['x-schema-set']);
    expect(history.sets[0]).toMatchObject({ hash: history.current, origin: 'watch', changes: [{ file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU/maximum', en: 'HPCnSlotsCPU maximum 6656 → 7000' }] });
    expect(history.sets[1]).toMatchObject({ origin: 'start', changes: [] });
    // Reloading the same folder again changes nothing and records nothing.
    expect(await reload()).toEqual({ status: 'unchanged', hash: history.current });
    expect((await send(staff, 'GET', '/api/v1/internal/schemas/history')).json().sets).toHaveLength(history.sets.length);
  });

  it.each([
    [
      'a dangling $ref',
      () => copy.edit('requests/practical-class.json', (doc) => (doc.properties.reason.$ref = 'request-fields.json#/definitions/reasn')),
      { file: 'requests/practical-class.json', pointer: '/properties/reason/$ref' },
    ],
    ['a maximum below its minimum', () => setMaximum(0), { file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU' }],
    [
      'a renamed field that the code reads',
      () =>
        copy.edit('api/project-change.json', (doc) => {
          doc.properties.staff_note = doc.properties.staff_comment;
          delete doc.properties.staff_comment;
        }),
      { file: 'api/project-change.json', pointer: '/properties/staff_comment' },
    ],
  ])('refuses %s with its file and pointer, and the limit in force still holds', async (_name, edit, where) => {
    const files = ['requests/practical-class.json', 'rules/resource-limits.json', 'api/project-change.json'];
    const saved = files.map((file) => [file, readFileSync(join(copy.dir, file), 'utf8')] as const);
    try {
      const hash = (await send(staff, 'GET', '/api/v1/internal/schemas/history')).json().current;
      edit();
      const answer = await reload();
      expect(answer.status).toBe('refused');
      expect(answer.hash).toBe(hash);
      expect(answer.problems).toEqual(expect.arrayContaining([expect.objectContaining({ ...where, reason: expect.any(String) })]));
      expect((await request(7000)).statusCode).toBe(201);
      expect((await request(7001)).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/v1/internal/schemas/' })).headers['x-schema-set']).toBe(hash);
    } finally {
      for (const [file, text] of saved) writeFileSync(join(copy.dir, file), text);
    }
  });

  it('puts a new date format in force for the grids’ date filter, and a project’s changed dates with it', async () => {
    await addProject(t.ctx, 'DATES-1', 'approve', []);
    const found = async (date: string) => {
      const res = await send(staff, 'GET', `/api/v1/internal/grid-page/projects?search=dates-1&date=${encodeURIComponent(date)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { rows: { identifier: string }[] }).rows.map((r) => r.identifier);
    };
    // The fixture runs 2026-01-01 to 2026-12-31, shown dd.MM.yyyy.
    expect(await found('31.12.2026')).toEqual(['DATES-1']);
    expect(await found('2026-12-31')).toEqual([]);
    // Put live by the reload, or already by the folder's watcher.
    const live = async () => expect(['live', 'unchanged']).toContain((await reload()).status);
    copy.edit('rules/constants.json', (doc) => (doc.properties.dateFormat.const = 'yyyy-MM-dd'));
    await live();
    expect(await found('2026-12-31')).toEqual(['DATES-1']);
    expect(await found('31.12.2026')).toEqual([]);
    await t.ctx.db.updateTable('projects').set({ date_end: '2027-03-15' }).where('identifier', '=', 'DATES-1').execute();
    expect(await found('2027-03-15')).toEqual(['DATES-1']);
    expect(await found('2026-12-31')).toEqual([]);
    copy.edit('rules/constants.json', (doc) => (doc.properties.dateFormat.const = 'dd.MM.yyyy'));
    await live();
    expect(await found('15.03.2027')).toEqual(['DATES-1']);
  });

  it('lets only staff reload and read the history', async () => {
    expect((await send(lead, 'POST', '/api/v1/internal/schemas/reload')).statusCode).toBe(403);
    expect((await send(lead, 'GET', '/api/v1/internal/schemas/history')).statusCode).toBe(403);
  });
});
