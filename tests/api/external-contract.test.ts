import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { apiKey, endTimeMonthsAgo, ingest } from '../support/accounting';
import usageRecords from '../../schemas/api/usage-records.json';

type Table = Map<string, string>;

/** The rows of the field tables in a piece of docs/external-api.md: field path → documented type. */
const tableOf = (text: string): Table => new Map([...text.matchAll(/^\| `([^`]+)` \| ([^|]+) \| [^|]+ \|$/gm)].map(([, field, type]) => [field, type.trim()]));

/**
 * The field tables of docs/external-api.md by route heading (`GET /api/v1/sshkeys`): the answer's,
 * and for a route that takes a body, the body's (`### A record`) apart from the answer's (`### The answer`).
 */
function documentedFields(): Map<string, { answer: Table; record?: Table }> {
  const text = readFileSync(path.join(__dirname, '../../docs/external-api.md'), 'utf8');
  const routes = new Map<string, { answer: Table; record?: Table }>();
  for (const section of text.split(/^## /m).slice(1)) {
    const route = /^`((?:GET|POST) \/api\/v1\/[^`]+)`/.exec(section)?.[1];
    if (!route) continue;
    const parts = section.split(/^### /m);
    const record = parts.find((p) => p.startsWith('A record'));
    const answer = parts.find((p) => p.startsWith('The answer'));
    routes.set(route, record ? { record: tableOf(record), answer: tableOf(answer ?? '') } : { answer: tableOf(section) });
  }
  return routes;
}

/** The JSON type of a value in the document's words. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? 'array of strings' : 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Every field of an answer row by documented path (`users[].id`), with the types seen. */
function fieldsOf(value: unknown, documented: Map<string, string>, prefix = '', out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const field = `${prefix}${key}`;
    if (documented.get(field) === 'object' || documented.get(field) === 'array of strings' || (v === null && documented.has(field))) {
      out.set(field, (out.get(field) ?? new Set()).add(typeOf(v)));
    } else if (Array.isArray(v) && (v.length === 0 || v.some((item) => item && typeof item === 'object'))) {
      // A list of objects (an empty one shows none of its fields).
      for (const item of v) fieldsOf(item, documented, `${field}[].`, out);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      fieldsOf(v, documented, `${field}.`, out);
    } else out.set(field, (out.get(field) ?? new Set()).add(typeOf(v)));
  }
  return out;
}

/** Whether a seen type is what the document says (`string or null`: either; a number may be whole). */
const allowed = (documented: string, seen: string) =>
  documented.split(' or ').some((type) => type === seen || (type === 'number' && seen === 'integer'));

/** The fields of answer rows that the document does not list, and those of another type than it says. */
function contractProblems(rows: unknown[], table: Table): { fields: string[]; wrong: string[] } {
  const seen = new Map<string, Set<string>>();
  for (const row of rows) for (const [field, types] of fieldsOf(row, table)) seen.set(field, new Set([...(seen.get(field) ?? []), ...types]));
  const wrong = [...seen].flatMap(([field, types]) => [...types].filter((type) => !allowed(table.get(field) ?? '', type)).map((type) => `${field}: ${type}, documented ${table.get(field)}`));
  return { fields: [...seen.keys()].sort(), wrong };
}

describe('the machine clients’ contract (docs/external-api.md)', () => {
  let t: TestApp;
  let key: string;
  const documented = documentedFields();

  beforeAll(async () => {
    t = await startTestApp();
    key = await apiKey(t, ['read']);
  });
  afterAll(() => t.close());

  it('documents the three lists the clusters read and the usage ingest', () => {
    expect([...documented.keys()]).toEqual([
      'GET /api/v1/usersprojects',
      'GET /api/v1/sshkeys',
      'GET /api/v1/accounting/projectsusers',
      'POST /api/v1/accounting/records?resource=<cluster>',
      'GET /api/v1/accounting/records?resource=<cluster>',
    ]);
  });

  it.each(['/api/v1/usersprojects', '/api/v1/sshkeys', '/api/v1/accounting/projectsusers'])('answers %s with exactly the documented fields and types', async (route) => {
    const res = await t.app.inject({ method: 'GET', url: route, headers: { authorization: `Api-Key ${key}` } });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    const table = documented.get(`GET ${route}`)!.answer;
    const { fields, wrong } = contractProblems(rows, table);
    expect(fields).toEqual([...table.keys()].sort());
    expect(wrong).toEqual([]);
  });

  it('sends every active project’s state as one the current portal knew, unless the client asks for the detailed ones', async () => {
    const states = async (query: string) =>
      new Set(((await t.app.inject({ method: 'GET', url: `/api/v1/usersprojects${query}`, headers: { authorization: `Api-Key ${key}` } })).json() as { project: { state: string } }[]).map((r) => r.project.state));
    expect([...(await states(''))].every((s) => ['approve', 'extend'].includes(s))).toBe(true);
    const detailed = await states('?states=detailed');
    expect([...detailed].some((s) => !['approve', 'extend'].includes(s))).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/usersprojects?states=everything', headers: { authorization: `Api-Key ${key}` } });
    expect(refused.statusCode).toBe(400);
  });

  it('answers a key without the route’s scope with 403 and the current portal’s permission text', async () => {
    const writer = await apiKey(t, ['accounting:write']);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sshkeys', headers: { authorization: `Api-Key ${writer}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });
  describe('the usage ingest', () => {
    let writer: string;
    let login: string;
    let code: string;
    const job = (jobid: string, fields: Record<string, unknown> = {}) => ({ jobid, user: login, project: code, end_time: endTimeMonthsAgo(1), walltime: 3600, ncpus: 2, ...fields });
    const storedIds = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/accounting/records?resource=supek', headers: { authorization: `Api-Key ${writer}` } })).json() as string[];

    beforeAll(async () => {
      writer = await apiKey(t, ['accounting:write']);
      const [member] = (await t.app.inject({ method: 'GET', url: '/api/v1/usersprojects', headers: { authorization: `Api-Key ${key}` } })).json() as {
        user: { person_username: string };
        project: { identifier: string };
      }[];
      login = member.user.person_username;
      code = member.project.identifier;
    });

    it('documents every field a record may have, as the body schema types it', () => {
      const record = documented.get('POST /api/v1/accounting/records?resource=<cluster>')!.record!;
      const words = (type: string | string[]) => ([] as string[]).concat(type).join(' or ');
      const schema = Object.entries(usageRecords.properties.usage.items.properties).map(([field, p]) => [field, words(p.type)]);
      expect([...record].sort()).toEqual(schema.sort());
    });

    it('answers a batch it stores whole with 201 and the documented fields', async () => {
      const res = await ingest(t, writer, 'supek', [job('contract-1'), job('contract-2')]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: { code: 201 }, received: 2, stored: 2, skipped: [] });
      const table = documented.get('POST /api/v1/accounting/records?resource=<cluster>')!.answer;
      expect(contractProblems([res.json()], table)).toEqual({ fields: [...table.keys()].filter((f) => !f.startsWith('skipped[]')).sort(), wrong: [] });
    });

    it('answers a job sent again with 201, stored once and listed as skipped', async () => {
      const res = await ingest(t, writer, 'supek', [job('contract-1')]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ stored: 0, skipped: [{ row: 0, jobid: 'contract-1', reason: 'duplicate' }] });
      const table = documented.get('POST /api/v1/accounting/records?resource=<cluster>')!.answer;
      expect(contractProblems([res.json()], table)).toEqual({ fields: [...table.keys()].sort(), wrong: [] });
    });

    it.each([
      ['an unknown user', [{ user: 'nonexisting' }], 'User nonexisting not found'],
      ['two unknown users', [{ user: 'nonexisting2' }, { user: 'nonexisting1' }], 'Users nonexisting1, nonexisting2 not found'],
      ['an unknown project', [{ project: 'nonexisting-project' }], 'Project nonexisting-project not found'],
      ['an unknown project and an unknown user', [{ user: 'nonexisting' }, { project: 'nonexisting-project' }], 'Project nonexisting-project not found; user nonexisting not found'],
    ])('answers rows naming %s with the current portal’s 404 and message, and stores the other rows', async (what, unknown, message) => {
      const tag = what.replace(/\W+/g, '-');
      const rows = [job(`${tag}-good`), ...unknown.map((fields, n) => job(`${tag}-${n}`, fields))];
      const res = await ingest(t, writer, 'supek', rows);
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toEqual({ code: 404, message });
      expect(res.json()).toMatchObject({ received: rows.length, stored: 1 });
      const stored = await storedIds();
      expect(stored).toContain(`${tag}-good`);
      expect(stored.filter((id) => id.startsWith(`${tag}-`))).toEqual([`${tag}-good`]);
    });

    it('answers an unknown cluster and a record without end_time with 400, storing nothing', async () => {
      const cluster = await ingest(t, writer, 'nonexisting', [job('bad-cluster')]);
      expect(cluster.statusCode).toBe(400);
      expect(cluster.json().status.message).toMatch(/^Nonexisting resource/);
      const { end_time: _, ...noEnd } = job('no-end');
      const missing = await ingest(t, writer, 'supek', [job('with-end'), noEnd]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().status.message).toBe("usage[1].end_time: Missing 'end_time' field");
      expect(await storedIds()).not.toContain('with-end');
    });

    it('lists the stored job ids of a cluster as strings', async () => {
      const ids = await storedIds();
      expect(ids).toEqual(expect.arrayContaining(['contract-1', 'contract-2']));
      expect(ids.every((id) => typeof id === 'string')).toBe(true);
    });
  });
});
