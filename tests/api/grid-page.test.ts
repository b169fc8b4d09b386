import { loadSchemaSet } from '../../src/schema-runtime/node';
import { languageCookieName } from '../../src/schema-runtime';
import { copySchemas } from '../../harness/schema-copy';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { lookupIds } from '../../src/server/db/vocabularies';
import { addProject, addUser } from '../support/fixtures';

/*
 * GET /api/v1/internal/grid-page/:grid: a page of a staff grid's list with the filters of its layout,
 * a sort and a window, as a caller sees it; the browser agreeing with it row for row is
 * grid-page-agreement.test.ts.
 */
const schemas = loadSchemaSet();
const LANG = languageCookieName(schemas.service.serviceKey);

interface Page {
  count: number;
  total: number;
  paged: boolean;
  rows: { id: number; identifier?: string; username?: string; last_name?: string; person_institution?: string | null }[];
}

describe('a page of a staff grid', () => {
  let t: TestApp;
  let staff: Caller;
  const get = async (grid: string, query: string, caller: Caller = staff, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `/api/v1/internal/grid-page/${grid}?${query}`, headers: { cookie: `${caller.cookie}; ${LANG}=${lang}` } });
  const page = async (grid: string, query: string): Promise<Page> => {
    const res = await get(grid, query);
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };
  const identifiers = (p: Page) => p.rows.map((r) => r.identifier);

  beforeAll(async () => {
    t = await startTestApp({ schemas });
    staff = await t.login('staff');
    // People whose names sort differently in Croatian than letter by letter, on active projects.
    const cacic = await addUser(t.ctx, 'ccacic', { first_name: 'Luka', last_name: 'Čačić' });
    const cosic = await addUser(t.ctx, 'ccosic', { first_name: 'Mia', last_name: 'Ćosić' });
    const cvitkovic = await addUser(t.ctx, 'ccvitkovic', { first_name: 'Ena', last_name: 'Cvitković', person_institution: 'Institut Ruđer Bošković' });
    await addProject(t.ctx, 'PAGE-1', 'approve', [[cacic, 'lead'], [cosic, 'collaborator'], [cvitkovic, 'collaborator']]);
    await t.ctx.db.insertInto('ssh_keys').values({ user_id: cacic, name: 'k', fingerprint: 'fp-page-1', public_key: 'ssh-ed25519 AAAApage k' }).execute();
  });
  afterAll(() => t.close());

  it('answers the first page in the list’s own order with the counts, rows shaped as the whole list’s', async () => {
    const whole = (await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/all', headers: { cookie: staff.cookie } })).json() as Page['rows'];
    const first = await page('requests', 'limit=3');
    expect(first.count).toBe(whole.length);
    expect(first.total).toBe(whole.length);
    expect(first.paged).toBe(false);
    expect(first.rows).toEqual(whole.slice(0, 3));
    expect(schemas.validate('api/grid-page', first).valid).toBe(true);
  });

  it('cuts the window the caller asks for; limit 0 answers the counts only', async () => {
    const all = await page('requests', 'limit=1000');
    const window = await page('requests', 'offset=2&limit=4');
    expect(identifiers(window)).toEqual(identifiers(all).slice(2, 6));
    expect(window.count).toBe(all.count);
    const beyond = await page('requests', `offset=${all.count}&limit=30`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.count).toBe(all.count);
    const counts = await page('requests', 'limit=0');
    expect(counts).toEqual({ count: all.count, total: all.count, paged: false, rows: [] });
  });

  it('keeps requests off the projects grid (its layout’s row filter) and counts without them', async () => {
    const projects = await page('projects', 'limit=1000');
    const requests = await page('requests', 'limit=1000');
    expect(projects.total).toBeLessThan(requests.total);
    const states = new Set((await page('requests', 'limit=1000&state=submit')).rows.map((r) => r.identifier));
    expect(identifiers(projects).some((id) => states.has(id))).toBe(false);
  });

  it('filters by text case-insensitively over every path of the filter, dates as they are shown', async () => {
    const search = await page('requests', 'search=PAGE-');
    expect(identifiers(search)).toEqual(['PAGE-1']);
    expect((await page('requests', 'search=page-1')).count).toBe(1);
    // Dates are searched as the grid shows them (dd.MM.yyyy): the fixture runs 01.01.2026–31.12.2026.
    expect(identifiers(await page('projects', 'date=31.12.2026&search=page'))).toEqual(['PAGE-1']);
    expect((await page('projects', 'date=2026-12-31&search=page')).count).toBe(0);
    // People as "First Last", any member.
    expect(identifiers(await page('projects', 'people=ena%20cvitkovi'))).toEqual(['PAGE-1']);
    // A lead filter reads leads only.
    expect((await page('requests', 'lead=mia%20ćosić')).count).toBe(0);
    expect(identifiers(await page('requests', 'lead=luka%20čačić'))).toEqual(['PAGE-1']);
  });

  it('takes %, _, \\ and a line break in a text filter as the characters themselves', async () => {
    expect((await page('requests', 'search=PAGE-1')).count).toBe(1);
    // The name "Projekt PAGE-1" and the identifier "PAGE-1" are two texts: no needle spans both.
    expect((await page('requests', 'search=page-1%0Apage')).count).toBe(0);
    const usernames = async (query: string) => (await page('users-active', query)).rows.map((r) => r.username);
    expect(await usernames('searchEmail=CCACIC')).toEqual(['ccacic']);
    expect(await usernames('searchName=LUKA%20%C4%8CA%C4%8C')).toEqual(['ccacic']);
    const institutions = (await page('users-active', 'limit=1000&searchInstitution=RU%C4%90ER')).rows;
    expect(institutions.map((r) => r.username)).toContain('ccvitkovic');
    expect(institutions.every((r) => r.person_institution?.toLowerCase().includes('ruđer'))).toBe(true);
    expect((await page('requests', 'search=PAGE_1')).count).toBe(0);
    expect((await page('requests', 'search=PAGE%251')).count).toBe(0);
    expect((await page('requests', 'search=PAGE%5C-1')).count).toBe(0);
  });

  it('filters by a dropdown value, by "all" as any known value, and by the EU pseudo-type', async () => {
    const approved = await page('requests', 'limit=1000&state=approve');
    expect(approved.count).toBeGreaterThan(0);
    expect(approved.count).toBeLessThan(approved.total);
    const all = await page('requests', 'limit=1000&state=all');
    expect(all.count).toBe(all.total);
    const eu = await page('requests', 'limit=1000&type=research-eu-croris');
    const whole = (await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/all', headers: { cookie: staff.cookie } })).json() as {
      identifier: string;
      croris_finance: string[] | null;
    }[];
    expect(identifiers(eu).sort()).toEqual(whole.filter((p) => (p.croris_finance ?? []).some((f) => f.toLowerCase().includes('euro'))).map((p) => p.identifier).sort());
    expect(eu.count).toBeGreaterThan(0);
  });

  it('needs every chosen value of a multi filter', async () => {
    const cpu = await page('projects', 'limit=1000&resources=CPU');
    const both = await page('projects', 'limit=1000&resources=CPU&resources=GPU');
    expect(both.count).toBeLessThanOrEqual(cpu.count);
    expect(identifiers(both).every((id) => identifiers(cpu).includes(id))).toBe(true);
  });

  it('filters users by key yes/no and sorts names in Croatian alphabetical order both ways', async () => {
    const withKey = await page('users-active', 'limit=1000&searchSSHKey=yes');
    const without = await page('users-active', 'limit=1000&searchSSHKey=no');
    expect(withKey.count + without.count).toBe(withKey.total);
    expect(withKey.rows.map((r) => r.username)).toContain('ccacic');
    expect(without.rows.map((r) => r.username)).toContain('ccosic');
    const names = async (order: string) =>
      (await page('users-active', `limit=1000&sort=last_name&order=${order}&searchInstitution=`)).rows.map((r) => r.last_name).filter((n) => /^(Č|Ć|C)/.test(n ?? ''));
    expect(await names('asc')).toEqual(['Cvitković', 'Čačić', 'Ćosić']);
    expect(await names('desc')).toEqual(['Ćosić', 'Čačić', 'Cvitković']);
  });

  it('shows the caller’s own change on their next page (read from the tables, never a stored list)', async () => {
    const before = await page('requests', 'search=PAGE-1');
    expect(before.count).toBe(1);
    // Another reader's whole list is stored now; the page does not read it.
    await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/all', headers: { cookie: staff.cookie } });
    const removed = await t.app.inject({
      method: 'DELETE', url: '/api/v1/internal/projects/PAGE-1', headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf },
    });
    expect(removed.statusCode).toBe(200);
    expect((await page('requests', 'search=PAGE-1')).count).toBe(0);
    // The list's counts, kept between pages, are counted again after the change.
    expect((await page('requests', 'limit=1')).total).toBe(before.total - 1);
  });

  it('keeps a filter’s count across its pages, and counts it again after any writer’s change', async () => {
    for (const n of [1, 2, 3]) await addProject(t.ctx, `PAGE-KEPT-${n}`, 'submit', []);
    const first = await page('requests', 'search=PAGE-KEPT&limit=1');
    const second = await page('requests', 'search=PAGE-KEPT&limit=1&offset=1');
    expect([first.count, second.count]).toEqual([3, 3]);
    expect(identifiers(second)).not.toEqual(identifiers(first));
    // Written straight to the tables, as another process or the import would.
    await t.ctx.db.deleteFrom('projects').where('identifier', '=', 'PAGE-KEPT-3').execute();
    expect((await page('requests', 'search=PAGE-KEPT&limit=1&offset=1')).count).toBe(2);
    await addProject(t.ctx, 'PAGE-KEPT-4', 'submit', []);
    expect((await page('requests', 'search=PAGE-KEPT&limit=1')).count).toBe(3);
  });

  it('counts the users and projects grids right after each kind of change, also those that cannot move them', async () => {
    const total = async (grid: string) => (await page(grid, 'limit=0')).total;
    const totals = async () => ({ active: await total('users-active'), inactive: await total('users-inactive') });
    const projectsBefore = await total('projects');
    const start = await totals();
    // A user without memberships, inactive: the inactive grid only.
    const user = await addUser(t.ctx, 'counted', { status: false });
    expect(await totals()).toEqual({ active: start.active, inactive: start.inactive + 1 });
    // A change neither list's rows depend on: a name, a key.
    await t.ctx.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', user).execute();
    await t.ctx.db.insertInto('ssh_keys').values({ user_id: user, name: 'k', fingerprint: 'fp-counted', public_key: 'ssh-ed25519 AAAAcounted k' }).execute();
    expect(await totals()).toEqual({ active: start.active, inactive: start.inactive + 1 });
    // On an active project: now an active user too (a membership's change).
    const project = await addProject(t.ctx, 'PAGE-COUNT', 'approve', [[user, 'lead']]);
    expect(await totals()).toEqual({ active: start.active + 1, inactive: start.inactive + 1 });
    // The projects grid (its row filter reads the project's state) counts the project, not a user's change.
    expect(await total('projects')).toBe(projectsBefore + 1);
    await t.ctx.db.updateTable('users').set({ last_name: 'Renamed' }).where('id', '=', user).execute();
    expect(await total('projects')).toBe(projectsBefore + 1);
    // The project closed (a project's change), then the user deleted with their memberships.
    const states = await lookupIds(t.ctx.db, 'states');
    const setState = (name: string) => t.ctx.db.updateTable('projects').set({ state_id: states.get(name) }).where('id', '=', project).execute();
    await setState('deny');
    expect(await totals()).toEqual({ active: start.active, inactive: start.inactive + 1 });
    await setState('submit');
    expect(await total('projects')).toBe(projectsBefore);
    await setState('approve');
    expect((await totals()).active).toBe(start.active + 1);
    await t.ctx.db.deleteFrom('users').where('id', '=', user).execute();
    expect(await totals()).toEqual(start);
  });

  it.each([
    ['an unknown filter', 'requests', 'colour=red', 'querystring/colour: the list requests has no such filter', 'querystring/colour: popis requests nema takav filtar'],
    ['a dropdown value it does not offer', 'requests', 'state=lost', 'querystring/state: "lost" is not a value of this filter', 'querystring/state: "lost" nije vrijednost ovog filtra'],
    ['a multi value it does not offer', 'projects', 'resources=CPU&resources=QUANTUM', 'querystring/resources: "QUANTUM" is not a value of this filter', 'querystring/resources: "QUANTUM" nije vrijednost ovog filtra'],
    ['a text filter sent twice', 'requests', 'search=a&search=b', 'querystring/search: "a,b" is not a value of this filter', 'querystring/search: "a,b" nije vrijednost ovog filtra'],
    ['yes/no other than yes, no, all', 'users-active', 'searchSSHKey=maybe', 'querystring/searchSSHKey: "maybe" is not a value of this filter', 'querystring/searchSSHKey: "maybe" nije vrijednost ovog filtra'],
    ['a sort by a column that does not sort', 'projects', 'sort=name', 'querystring/sort: the list projects cannot be sorted by name', 'querystring/sort: popis projects ne može se poredati po name'],
    ['a page longer than the most rows', 'requests', 'limit=1001', 'querystring/limit: at most 1000 rows per page', 'querystring/limit: najviše 1000 redaka po stranici'],
    ['an unknown time zone', 'users-active', 'tz=Mars/Olympus', 'querystring/tz: unknown time zone Mars/Olympus', 'querystring/tz: nepoznata vremenska zona Mars/Olympus'],
  ])('refuses %s with 400 and a message in the caller’s language', async (_what, grid, query, en, hr) => {
    const english = await get(grid, query);
    expect(english.statusCode).toBe(400);
    expect(english.json().status.message).toBe(en);
    const croatian = await get(grid, query, staff, 'hr');
    expect(croatian.statusCode).toBe(400);
    expect(croatian.json().status.message).toBe(hr);
  });

  it.each([
    ['offset=-1'],
    ['limit=ten'],
    ['order=up&sort=last_name'],
    ['offset=99999999999'],
    [`search=${'x'.repeat(201)}`],
  ])('refuses a malformed window or value (%s) by the query schema, with 400', async (query) => {
    const res = await get('users-active', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toMatch(/^querystring/);
    expect((await get('users-active', query, staff, 'hr')).json().status.message).not.toBe(res.json().status.message);
  });

  it('answers 404 for a grid that is not paged and 403 to anyone but staff', async () => {
    const res = await get('software', 'limit=1');
    expect(res.statusCode).toBe(404);
    expect(res.json().status.message).toBe('No staff list software is paged on the server');
    const lead = await t.login('lead');
    expect((await get('projects', 'limit=1', lead)).statusCode).toBe(403);
  });
});

describe('the switch to server paging (rules/lists.json)', () => {
  const copy = copySchemas();
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
    copy.remove();
  });

  it('says a grid is paged once its list has pagedFrom rows', async () => {
    copy.edit('rules/lists.json', (doc) => {
      doc.properties.lists.const['projects-all'].pagedFrom = 5;
    });
    t = await startTestApp({ schemas: loadSchemaSet(copy.dir) });
    const staff = await t.login('staff');
    const counts = async (grid: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/internal/grid-page/${grid}?limit=0`, headers: { cookie: staff.cookie } })).json() as Page;
    const requests = await counts('requests');
    expect(requests.total).toBeGreaterThanOrEqual(5);
    expect(requests.paged).toBe(true);
    // The projects grid shows fewer rows than its list holds; the list's size decides.
    expect((await counts('projects')).paged).toBe(true);
    expect((await counts('users-active')).paged).toBe(false);
  });
});
