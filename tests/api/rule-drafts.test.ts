import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { copySchemas } from '../../harness/schema-copy';
import { generalRequest } from '../../harness/request-payloads';
import { runValidate } from '../../scripts/validate';

type Doc = Record<string, any>;
const LIMITS = 'rules/resource-limits.json';

// The rules in staff's hands (docs/decisions/0640-rules-edited-in-the-browser.md): drafts in the
// database, checked as they change, published live, earlier sets made live again, the live set
// downloaded as a folder and a folder uploaded as a draft. Two processes: rule-drafts.pg.test.ts.
describe('drafts of the rules', () => {
  const copy = copySchemas();
  let t: TestApp;
  let lead: Caller;
  let staff: Caller;
  let admin: Caller;
  const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang: 'hr' | 'en' = 'en') =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const request = (cpus: number) => send(lead, 'POST', '/api/v1/internal/projects-general/', generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: cpus } }));
  const newDraft = async () => {
    const res = await send(admin, 'POST', '/api/v1/internal/rule-drafts/');
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; files: Record<string, Doc>; problems: unknown[]; complete: boolean; liveHash: string };
  };
  const withMaximum = (limits: Doc, maximum: number): Doc => {
    const doc = structuredClone(limits);
    doc.properties.HPCnSlotsCPU.maximum = maximum;
    return doc;
  };

  beforeAll(async () => {
    t = await startTestApp({ live: { dir: copy.dir } });
    [lead, staff, admin] = [await t.login('lead'), await t.login('staff'), await t.login('admin')];
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
  });

  it('starts a draft from the set in use, checks an edit at once and the whole set on demand, and publishes it live with its note', async () => {
    const draft = await newDraft();
    expect(draft).toMatchObject({ complete: false, problems: [], changes: [] });
    expect(draft.files[LIMITS].properties.HPCnSlotsCPU.maximum).toBe(6656);

    const edited = await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: withMaximum(draft.files[LIMITS], 7000) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ complete: false, problems: [], changes: [expect.objectContaining({ file: LIMITS, en: 'HPCnSlotsCPU maximum 6656 → 7000', hr: 'HPCnSlotsCPU najviše 6656 → 7000' })] });
    expect((await send(staff, 'GET', `/api/v1/internal/rule-drafts/${draft.id}/check`)).json()).toMatchObject({ complete: true, problems: [] });

    // Not live until published.
    expect((await request(7000)).statusCode).toBe(400);
    const listed = (await send(staff, 'GET', '/api/v1/internal/rule-drafts/')).json();
    expect(listed).toMatchObject({ mayEdit: false, secondEditor: false, drafts: [expect.objectContaining({ id: draft.id, author: 'admin' })] });

    const published = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'More cores for the new nodes' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'live', changes: [expect.objectContaining({ en: 'HPCnSlotsCPU maximum 6656 → 7000' })] });
    expect((await request(7000)).statusCode).toBe(201);
    expect((await request(7001)).statusCode).toBe(400);

    const history = (await send(staff, 'GET', '/api/v1/internal/schemas/history')).json();
    expect(history.current).toBe(published.json().hash);
    expect(history.sets[0]).toMatchObject({ origin: 'publish', author: 'admin', note: 'More cores for the new nodes' });
    // A published draft is no longer open.
    expect((await send(admin, 'GET', `/api/v1/internal/rule-drafts/${draft.id}`)).statusCode).toBe(404);
  });

  it('refuses a maximum below the minimum at that field, in the caller’s language, and nothing goes live', async () => {
    const hash = (await send(staff, 'GET', '/api/v1/internal/schemas/history')).json().current;
    const draft = await newDraft();
    const edited = await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: withMaximum(draft.files[LIMITS], 0) });
    const problem = { file: LIMITS, pointer: '/properties/HPCnSlotsCPU', field: '/properties/HPCnSlotsCPU/maximum' };
    expect(edited.json().problems).toEqual([
      expect.objectContaining({
        ...problem,
        en: 'HPCnSlotsCPU: maximum 0 is below minimum 1, so no value can pass',
        hr: 'HPCnSlotsCPU: najveća vrijednost 0 manja je od najmanje vrijednosti 1, pa nijedna vrijednost ne može proći',
      }),
    ]);
    expect((await send(admin, 'GET', `/api/v1/internal/rule-drafts/${draft.id}`)).json().problems).toEqual([expect.objectContaining(problem)]);
    const full = (await send(admin, 'GET', `/api/v1/internal/rule-drafts/${draft.id}/check`)).json();
    expect(full).toMatchObject({ complete: true, problems: expect.arrayContaining([expect.objectContaining(problem)]) });

    for (const lang of ['hr', 'en'] as const) {
      const refused = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'typo' }, lang);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().status).toMatchObject({
        key: 'rulesRefused',
        message: lang === 'hr' ? expect.stringContaining('Pravila ne prolaze provjeru') : expect.stringContaining('The rules do not pass the checks'),
      });
      expect(refused.json().problems).toEqual(expect.arrayContaining([expect.objectContaining(problem)]));
    }
    expect((await send(staff, 'GET', '/api/v1/internal/schemas/history')).json().current).toBe(hash);
    const inForce = draft.files[LIMITS].properties.HPCnSlotsCPU.maximum as number;
    expect((await request(inForce)).statusCode).toBe(201);
    expect((await request(inForce + 1)).statusCode).toBe(400);
    expect((await send(admin, 'DELETE', `/api/v1/internal/rule-drafts/${draft.id}`)).statusCode).toBe(200);
  });

  it('makes an earlier set live again in one step, as a new history entry', async () => {
    const before = (await send(staff, 'GET', '/api/v1/internal/schemas/history')).json();
    const start = before.sets.find((s: { origin: string }) => s.origin === 'start');
    const restored = await send(admin, 'POST', '/api/v1/internal/schemas/restore', { id: start.id, note: 'Back to the shipped limits' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'live', hash: start.hash, changes: [expect.objectContaining({ en: 'HPCnSlotsCPU maximum 7000 → 6656' })] });
    expect((await request(7000)).statusCode).toBe(400);
    const after = (await send(staff, 'GET', '/api/v1/internal/schemas/history')).json();
    expect(after.sets).toHaveLength(before.sets.length + 1);
    expect(after.sets[0]).toMatchObject({ origin: 'restore', hash: start.hash, author: 'admin', note: 'Back to the shipped limits' });
    expect((await send(admin, 'POST', '/api/v1/internal/schemas/restore', { id: 999_999, note: 'x' })).statusCode).toBe(404);
  });

  it('downloads the set in use as a folder the schema check passes, and uploads a folder as a draft', async () => {
    const res = await send(staff, 'GET', '/api/v1/internal/schemas/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="schemas-[\w-]+\.tar\.gz"$/);
    const dir = mkdtempSync(join(tmpdir(), 'exported-'));
    try {
      execFileSync('tar', ['xzf', '-', '-C', dir], { input: res.rawPayload });
      const limits = JSON.parse(readFileSync(join(dir, 'schemas', LIMITS), 'utf8'));
      expect(limits.properties.HPCnSlotsCPU.maximum).toBe(6656);
      const out = execFileSync('npx', ['tsx', 'scripts/schemas.ts', 'check', join(dir, 'schemas')], { encoding: 'utf8' });
      expect(out).toMatch(/pass every check/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(gunzipSync(res.rawPayload).length % 512).toBe(0);

    const files: Record<string, Doc> = (await newDraft()).files;
    files[LIMITS] = withMaximum(files[LIMITS], 8000);
    const uploaded = await send(admin, 'POST', '/api/v1/internal/rule-drafts/upload', { files: { ...files, 'examples/ignored.json': { anything: true } } });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ problems: [], changes: [expect.objectContaining({ en: 'HPCnSlotsCPU maximum 6656 → 8000' })] });
    expect((await send(staff, 'GET', `/api/v1/internal/rule-drafts/${uploaded.json().id}/check`)).json()).toMatchObject({ complete: true, problems: [] });
  }, 60_000);

  it.each([
    ['a file name that is no schema path', { file: '../etc/passwd', doc: {} }, 'is not a schema file name'],
    ['a document whose $id names another file', { file: LIMITS, doc: { $id: 'https://portal.schemas/rules/other.json' } }, 'The $id of rules/resource-limits.json must be'],
    ['a text instead of a document', { file: LIMITS, doc: 'max 7000' }, 'doc'],
  ])('answers %s with a clear 400 in both languages', async (_name, body, text) => {
    const draft = await newDraft();
    const res = await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toContain(text);
    const hr = await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, body, 'hr');
    expect(hr.statusCode).toBe(400);
    expect(hr.json().status.message).not.toBe(res.json().status.message);
  });

  it('lets staff read drafts but only editors change them; a group setting names more editors', async () => {
    const draft = await newDraft();
    const calls: Array<[method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown]> = [
      ['POST', '/api/v1/internal/rule-drafts/'],
      ['POST', '/api/v1/internal/rule-drafts/upload', { files: draft.files }],
      ['PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: draft.files[LIMITS] }],
      ['POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'x' }],
      ['POST', `/api/v1/internal/rule-drafts/${draft.id}/approve`],
      ['DELETE', `/api/v1/internal/rule-drafts/${draft.id}`],
      ['POST', '/api/v1/internal/schemas/restore', { id: 1, note: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(staff, method, url, body, 'hr');
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json().status.message).toBe('Pravila smiju mijenjati samo njihovi urednici');
    }
    expect((await send(staff, 'GET', `/api/v1/internal/rule-drafts/${draft.id}`)).statusCode).toBe(200);
    expect((await send(lead, 'GET', `/api/v1/internal/rule-drafts/${draft.id}`)).statusCode).toBe(403);

    const staffId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('user_groups').values({ user_id: staffId, name: 'rules' }).execute();
    t.ctx.config.rulesEditorGroup = 'rules';
    try {
      expect((await send(staff, 'GET', '/api/v1/internal/rule-drafts/')).json().mayEdit).toBe(true);
      expect((await send(staff, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: draft.files[LIMITS] })).statusCode).toBe(200);
    } finally {
      t.ctx.config.rulesEditorGroup = undefined;
    }
  });

  it('asks a second editor to approve a draft before it is published, when the setting says so', async () => {
    t.ctx.config.rulesSecondEditor = true;
    const staffId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id;
    t.ctx.config.rulesEditorGroup = 'rules';
    try {
      const draft = await newDraft();
      await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: withMaximum(draft.files[LIMITS], 6000) });
      const early = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'Fewer cores' });
      expect(early.statusCode).toBe(409);
      expect(early.json().status.message).toContain('approved by a second editor');
      expect((await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/approve`)).statusCode).toBe(403);
      expect(staffId).toBeGreaterThan(0);
      expect((await send(staff, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/approve`)).statusCode).toBe(200);
      expect((await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'Fewer cores', confirmImpact: true })).json()).toMatchObject({ status: 'live' });
      expect((await request(6001)).statusCode).toBe(400);
    } finally {
      t.ctx.config.rulesSecondEditor = false;
      t.ctx.config.rulesEditorGroup = undefined;
    }
  });

  it('lists the pending requests a lower maximum would refuse and the active projects above it, and publishes them only when confirmed', async () => {
    const states = await t.ctx.db.selectFrom('states').select(['id', 'name']).execute();
    const types = await t.ctx.db.selectFrom('project_types').select('id').limit(1).executeTakeFirstOrThrow();
    const add = (identifier: string, state: string, cpus: number) =>
      t.ctx.db
        .insertInto('projects')
        .values({ identifier, name: identifier, reason: 'Test', state_id: states.find((s) => s.name === state)!.id, project_type_id: types.id, date_start: '2026-01-01', date_end: '2026-12-31', resources_numbers: JSON.stringify({ HPCnSlotsCPU: cpus }) })
        .execute();
    await add('IMPACT-PENDING', 'submit', 6500);
    await add('IMPACT-ACTIVE', 'approve', 6400);
    await add('IMPACT-DENIED', 'deny', 6500);
    await add('IMPACT-SMALL', 'submit', 100);
    const draft = await newDraft();
    await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: withMaximum(draft.files[LIMITS], 5000) });

    const impact = (await send(staff, 'GET', `/api/v1/internal/rule-drafts/${draft.id}/impact`)).json();
    const ours = impact.items.filter((i: { identifier: string }) => i.identifier.startsWith('IMPACT-'));
    expect(ours).toEqual([
      {
        kind: 'activeAboveLimit',
        identifier: 'IMPACT-ACTIVE',
        link: '/ui/projects/IMPACT-ACTIVE',
        en: 'IMPACT-ACTIVE: HPCnSlotsCPU 6400 is above the new maximum 5000; the active project keeps what it has',
        hr: 'IMPACT-ACTIVE: HPCnSlotsCPU 6400 je iznad nove najveće vrijednosti 5000; aktivni projekt zadržava ono što ima',
      },
      expect.objectContaining({ kind: 'pendingRefused', identifier: 'IMPACT-PENDING', link: '/ui/requests/IMPACT-PENDING', en: 'IMPACT-PENDING: HPCnSlotsCPU 6500 is above the new maximum 5000; the draft would refuse this pending request' }),
    ]);

    const unconfirmed = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'Fewer cores' }, 'hr');
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().status.message).toContain('Nacrt utječe na podatke koji su već u portalu');
    expect(unconfirmed.json().impact.total).toBe(impact.total);
    expect((await request(5001)).statusCode).toBe(201);
    expect((await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'Fewer cores', confirmImpact: true })).json()).toMatchObject({ status: 'live' });
    expect((await request(5001)).statusCode).toBe(400);
    // Nothing submitted changed.
    const kept = await t.ctx.db.selectFrom('projects').select(['identifier', 'resources_numbers']).where('identifier', 'like', 'IMPACT-%').orderBy('identifier').execute();
    expect(kept.map((p) => (p.resources_numbers as { HPCnSlotsCPU: number }).HPCnSlotsCPU)).toEqual([6400, 6500, 6500, 100]);
  });
  it('judges a pasted payload for staff as npm run validate does, with the set in use or a draft, and refuses what it cannot judge', async () => {
    const qa = (body: object, lang: 'hr' | 'en' = 'en') => send(staff, 'POST', '/api/v1/internal/schemas/qa', body, lang);
    const payload = { HPCnSlotsCPU: 7000, CLOUDnIPs: 0 };
    const live = await qa({ schema: 'rules/resource-limits', payload, role: 'user' }, 'hr');
    expect(live.statusCode).toBe(200);
    // The same lines as the tool prints for a file holding the payload, run on the set in use as
    // downloaded, in the language asked.
    const dir = mkdtempSync(join(tmpdir(), 'qa-'));
    const printed: string[] = [];
    const file = join(dir, 'payload.json');
    try {
      execFileSync('tar', ['xzf', '-', '-C', dir], { input: (await send(staff, 'GET', '/api/v1/internal/schemas/export')).rawPayload });
      writeFileSync(file, JSON.stringify(payload));
      expect(runValidate(['rules/resource-limits', file, '--lang', 'hr', '--schemas', join(dir, 'schemas')], (line) => printed.push(line))).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(live.json()).toEqual({ valid: false, lines: printed.map((line) => line.replace(file, 'the payload')) });
    expect(live.json().lines).toContain('  /CLOUDnIPs: Broj ne može biti manji od 1 [numberTooSmall]');

    // A draft with a higher maximum: judged with its rules, while the set in use still refuses.
    const draft = await newDraft();
    await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: withMaximum(draft.files[LIMITS], 8000) });
    const withDraft = await qa({ schema: 'rules/resource-limits', payload: { HPCnSlotsCPU: 7000 }, role: 'user', draft: draft.id });
    expect(withDraft.json()).toEqual({ valid: true, lines: ['valid: the payload matches rules/resource-limits for user'] });
    expect((await qa({ schema: 'rules/resource-limits', payload: { HPCnSlotsCPU: 7000 }, role: 'user' })).json().valid).toBe(false);

    const unknown = await qa({ schema: 'rules/no-such-rules', payload: {}, role: 'user' }, 'hr');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status.message).toBe('Pravila nemaju shemu „rules/no-such-rules”');
    const broken = structuredClone(draft.files[LIMITS]);
    broken.properties.HPCnSlotsCPU.type = 'a number, please';
    await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: broken });
    const uncompiled = await qa({ schema: 'rules/resource-limits', payload: {}, role: 'user', draft: draft.id });
    expect(uncompiled.statusCode).toBe(400);
    expect(uncompiled.json().status.message).toBe(`The rules of draft ${draft.id} do not compile: correct them in the editor before judging with them`);
    expect((await qa({ schema: 'rules/resource-limits', payload: {}, role: 'visitor' })).statusCode).toBe(400);
    await send(admin, 'DELETE', `/api/v1/internal/rule-drafts/${draft.id}`);
  });
});
