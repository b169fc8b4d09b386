import { gunzipSync } from 'node:zlib';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, type TestApp } from '../../harness/test-app';

const schemas = loadSchemaSet();

interface Layout {
  columns: { field: string; renderer?: string; params?: Record<string, unknown> }[];
  layout: { filters?: { path?: string; paths?: string[]; euroPath?: string }[]; rowFilter?: { path: string } };
}

/** The staff grids and the list each one is filled from. */
const GRIDS: [string, string][] = [
  ['tables/projects', '/api/v1/internal/projects/all'],
  ['tables/requests', '/api/v1/internal/projects/all'],
  ['tables/users-active', '/api/v1/internal/active-users/'],
  ['tables/users-inactive', '/api/v1/internal/inactive-users/'],
];

/** The first property of a layout path ('userproject_set[role.name=lead].user' → 'userproject_set'). */
const head = (path: string) => path.split(/[.[]/)[0];

/** Every top-level property a layout reads: its columns, the renderers' params, its filters. */
function propertiesRead(layout: Layout): string[] {
  const read = new Set<string>();
  for (const column of layout.columns) {
    if (column.field === 'rowNumber') continue;
    // The people renderer draws the row's members with the roles it is given, whatever its field.
    read.add(column.renderer === 'people' ? 'userproject_set' : head(column.field));
    // The project summary's resource tags are read at a path of the row.
    if (typeof column.params?.resources === 'string') read.add(head(column.params.resources));
  }
  // '$' is the row itself (a text filter over all of it).
  for (const filter of layout.layout.filters ?? [])
    for (const path of [filter.path, filter.euroPath, ...(filter.paths ?? [])]) if (path && path !== '$') read.add(head(path));
  if (layout.layout.rowFilter) read.add(head(layout.layout.rowFilter.path));
  return [...read].sort();
}

describe('slim staff lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ schemas });
  });
  afterAll(() => t.close());

  it.each(GRIDS)('%s: every row of %s carries every property the layout shows, filters or links by', async (id, url) => {
    const staff = await t.login('staff');
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    const rows = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    const wanted = propertiesRead(schemas.schema(id) as unknown as Layout);
    expect(wanted.length).toBeGreaterThan(3);
    for (const row of rows) expect(wanted.filter((p) => !(p in row))).toEqual([]);
    // Each row links to its detail page by identifier or username.
    for (const row of rows) expect(typeof (row.identifier ?? row.username)).toBe('string');
  });

  it('projects/all answers the grid shape: valid, each member with names only, and the popover finds the rest by username', async () => {
    const staff = await t.login('staff');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/all', headers: { cookie: staff.cookie } });
    const rows = res.json();
    expect(schemas.validate('api/projects-list', rows).valid).toBe(true);
    const member = rows.flatMap((p: { userproject_set: unknown[] }) => p.userproject_set)[0];
    expect(Object.keys(member.user).sort()).toEqual(['first_name', 'last_name', 'status', 'username']);
    // What the person popover loads when it opens.
    const person = await t.app.inject({ method: 'GET', url: `/api/v1/internal/users/${encodeURIComponent(member.user.username)}`, headers: { cookie: staff.cookie } });
    expect(person.statusCode).toBe(200);
    expect(person.json()).toMatchObject({ username: member.user.username, first_name: member.user.first_name });
    expect(person.json()).toHaveProperty('person_mail');
    // The detail call keeps the whole project.
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/internal/projects/${encodeURIComponent(rows[0].identifier)}`, headers: { cookie: staff.cookie } });
    expect(detail.json()).toHaveProperty('reason');
    expect(rows[0]).not.toHaveProperty('reason');
  });
});
