import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import { apiKey } from '../support/accounting';

/** The field tables of docs/external-api.md, by route heading: field path → documented type. */
function documentedFields(): Map<string, Map<string, string>> {
  const text = readFileSync(path.join(__dirname, '../../docs/external-api.md'), 'utf8');
  const routes = new Map<string, Map<string, string>>();
  for (const section of text.split(/^## /m).slice(1)) {
    const route = /^`GET (\/api\/v1\/[^`]+)`/.exec(section)?.[1];
    if (!route) continue;
    const rows = [...section.matchAll(/^\| `([^`]+)` \| ([^|]+) \| [^|]+ \|$/gm)];
    routes.set(route, new Map(rows.map(([, field, type]) => [field, type.trim()])));
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
    } else if (Array.isArray(v) && v.some((item) => item && typeof item === 'object')) {
      for (const item of v) fieldsOf(item, documented, `${field}[].`, out);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      fieldsOf(v, documented, `${field}.`, out);
    } else out.set(field, (out.get(field) ?? new Set()).add(typeOf(v)));
  }
  return out;
}

/** Whether a seen type is what the document says (a number may be whole). */
const allowed = (documented: string, seen: string) => documented === seen || (documented === 'number' && seen === 'integer');

describe('the machine clients’ contract (docs/external-api.md)', () => {
  let t: TestApp;
  let key: string;
  const documented = documentedFields();

  beforeAll(async () => {
    t = await startTestApp();
    key = await apiKey(t, ['read']);
  });
  afterAll(() => t.close());

  it('documents the three lists the clusters read', () => {
    expect([...documented.keys()]).toEqual(['/api/v1/usersprojects', '/api/v1/sshkeys', '/api/v1/accounting/projectsusers']);
  });

  it.each(['/api/v1/usersprojects', '/api/v1/sshkeys', '/api/v1/accounting/projectsusers'])('answers %s with exactly the documented fields and types', async (route) => {
    const res = await t.app.inject({ method: 'GET', url: route, headers: { authorization: `Api-Key ${key}` } });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    const table = documented.get(route)!;
    const seen = new Map<string, Set<string>>();
    for (const row of rows) for (const [field, types] of fieldsOf(row, table)) seen.set(field, new Set([...(seen.get(field) ?? []), ...types]));
    expect([...seen.keys()].sort()).toEqual([...table.keys()].sort());
    const wrong = [...seen].flatMap(([field, types]) => [...types].filter((type) => !allowed(table.get(field)!, type)).map((type) => `${field}: ${type}, documented ${table.get(field)}`));
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
});
