import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { apiKey, endTimeMonthsAgo, ingest, monthLabelAgo } from '../support/accounting';

type Row = { month: string } & Record<string, number | string>;

describe('accounting answers GET /api/v1/internal/accounting/*', () => {
  let t: TestApp;
  let lead: Caller;
  let collab: Caller;
  let staff: Caller;
  let newbie: Caller;
  const thisYear = new Date().getUTCFullYear();

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const ana = await addUser(t.ctx, 'lead', { person_username: 'ahorvat', first_name: 'Ana', last_name: 'Horvat' });
    const ivo = await addUser(t.ctx, 'collab', { person_username: 'iivic', first_name: 'Ivo', last_name: 'Ivić' });
    const other = await addUser(t.ctx, 'other', { person_username: 'oother' });
    await addUser(t.ctx, 'staff', { is_staff: true });
    await addUser(t.ctx, 'newbie');
    await addProject(t.ctx, 'NR-1', 'approve', [[ana, 'lead'], [ivo, 'collaborator']]);
    await addProject(t.ctx, 'NR-2', 'approve', [[ana, 'lead']]);
    await addProject(t.ctx, 'NR-3', 'approve', [[other, 'lead'], [ivo, 'collaborator']]);
    const key = await apiKey(t);
    const job = (jobid: string, user: string, project: string, monthsAgo: number, ncpus: number, ngpus = 0) => ({
      jobid, user, project, end_time: endTimeMonthsAgo(monthsAgo), walltime: 3600, ncpus, ngpus,
    });
    const res = await ingest(t, key, 'supek', [
      job('1', 'ahorvat', 'NR-1', 3, 10, 1),
      job('2', 'ahorvat', 'NR-1', 1, 20),
      job('3', 'iivic', 'NR-1', 1, 5, 2),
      job('4', 'ahorvat', 'NR-2', 2, 7),
      job('5', 'iivic', 'NR-3', 2, 100),
      job('6', 'oother', 'NR-3', 0, 50),
      job('7', 'ahorvat', 'NR-2', 14, 3),
    ]);
    expect(res.json().stored).toBe(7);
    lead = await t.login('lead');
    collab = await t.login('collab');
    staff = await t.login('staff');
    newbie = await t.login('newbie');
  });
  afterAll(() => t.close());

  const get = async (caller: Caller, path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/internal/accounting/${path}`, headers: { cookie: caller.cookie } });
    return { status: res.statusCode, body: res.json() };
  };
  const row = (rows: Row[], monthsAgo: number) => rows.find((r) => r.month === monthLabelAgo(monthsAgo))!;

  it('a collaborator sees only their own usage, per project, for the last 12 months', async () => {
    const { status, body } = await get(collab, 'records');
    expect(status).toBe(200);
    expect(body.window).toMatchObject({ range: 'last12' });
    const cpuh: Row[] = body.supek.monthly.cpuh;
    expect(cpuh).toHaveLength(12);
    expect(cpuh[11].month).toBe(monthLabelAgo(0));
    expect(row(cpuh, 1)).toEqual({ month: monthLabelAgo(1), 'NR-1': 5, 'NR-3': 0 });
    expect(row(cpuh, 2)).toEqual({ month: monthLabelAgo(2), 'NR-1': 0, 'NR-3': 100 });
    expect(row(body.supek.monthly.gpuh, 1)).toMatchObject({ 'NR-1': 2 });
    expect(body.projects_mapping).toEqual({ 'NR-1': 'Projekt NR-1', 'NR-3': 'Projekt NR-3' });
    // Nobody else's jobs: the other user's 50 and the lead's hours do not show.
    expect(cpuh.reduce((s, r) => s + Number(r['NR-1']) + Number(r['NR-3']), 0)).toBe(105);
  });

  it('cumulative is the running sum of monthly, column by column', async () => {
    const { body } = await get(lead, 'project-records?range=all');
    for (const field of ['cpuh', 'gpuh'] as const) {
      const monthly: Row[] = body.supek.monthly[field];
      const cumulative: Row[] = body.supek.cumulative[field];
      expect(cumulative.map((r) => r.month)).toEqual(monthly.map((r) => r.month));
      for (const key of ['NR-1', 'NR-2']) {
        let sum = 0;
        monthly.forEach((r, i) => {
          sum += Number(r[key]);
          expect(cumulative[i][key]).toBeCloseTo(sum, 4);
        });
      }
    }
    expect(body.supek.cumulative.cpuh.at(-1)).toEqual({ month: monthLabelAgo(0), 'NR-1': 35, 'NR-2': 10 });
  });

  it('cumulative counts from the first usage: the window’s bars start from the hours before it, as the forecast does', async () => {
    // NR-2 used 3 hours 14 months ago, before the last 12 months shown.
    const { body } = await get(lead, 'project-records');
    const cumulative: Row[] = body.supek.cumulative.cpuh;
    expect(cumulative[0]).toMatchObject({ 'NR-2': 3 });
    expect(cumulative.at(-1)).toEqual({ month: monthLabelAgo(0), 'NR-1': 35, 'NR-2': 10 });
    // The monthly bars show only the window's hours.
    expect(body.supek.monthly.cpuh.reduce((s: number, r: Row) => s + Number(r['NR-2']), 0)).toBe(7);
  });

  it('a lead sees their led projects per project and per user, and not a project they only belong to', async () => {
    const perProject = await get(lead, 'project-records');
    expect(Object.keys(perProject.body.projects_mapping).sort()).toEqual(['NR-1', 'NR-2']);
    expect(row(perProject.body.supek.monthly.cpuh, 1)).toEqual({ month: monthLabelAgo(1), 'NR-1': 25, 'NR-2': 0 });
    const perUser = await get(lead, 'project-user-records?project=NR-1');
    expect(perUser.status).toBe(200);
    expect(row(perUser.body.supek.monthly.cpuh, 1)).toEqual({ month: monthLabelAgo(1), lead: 20, collab: 5 });
    expect(perUser.body.users_mapping).toEqual({ lead: 'Ana Horvat', collab: 'Ivo Ivić' });
    const notLed = await get(collab, 'project-user-records?project=NR-1');
    expect(notLed.status).toBe(403);
    expect(notLed.body.status.key).toBe('forbidden');
    const collabPerUser = await get(collab, 'project-user-records');
    expect(collabPerUser.body.supek).toBeUndefined();
  });

  it('staff see any project\'s usage on request', async () => {
    const { status, body } = await get(staff, 'project-user-records?project=NR-3&range=all');
    expect(status).toBe(200);
    expect(row(body.supek.monthly.cpuh, 0)).toEqual({ month: monthLabelAgo(0), collab: 0, other: 50 });
    expect((await get(staff, 'project-records?project=NR-404')).status).toBe(404);
  });

  it('windows: a calendar year, all, and the years with data', async () => {
    const all = await get(lead, 'records?range=all');
    expect(all.body.supek.monthly.cpuh[0].month).toBe(monthLabelAgo(14));
    const years = [...new Set([14, 3, 2, 1].map((m) => Number(monthLabelAgo(m).slice(3))))].sort();
    expect(all.body.years).toEqual(years);
    const lastYear = await get(lead, `records?year=${thisYear - 1}`);
    expect(lastYear.body.supek.monthly.cpuh.map((r: Row) => r.month)[0]).toBe(`01/${thisYear - 1}`);
    expect(lastYear.body.supek.monthly.cpuh).toHaveLength(12);
    expect((await get(lead, 'records?year=20x5')).status).toBe(400);
    expect((await get(lead, 'records?range=forever')).status).toBe(400);
  });

  it('forecasts a running project from the average of its last three full months', async () => {
    const end = new Date(Date.now() + 182 * 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.updateTable('projects').set({ date_end: end }).where('identifier', '=', 'NR-1').execute();
    await t.ctx.db.updateTable('projects').set({ date_end: '2020-01-31' }).where('identifier', '=', 'NR-2').execute();
    const { body } = await get(lead, 'project-records');
    const forecast = body.forecast['NR-1'].supek;
    // Jobs of NR-1 in the last three full months: 10 (three months ago) + 20 + 5 (last month).
    expect(forecast).toMatchObject({ perMonth: 11.67, soFar: 35, endDate: end });
    expect(forecast.atEnd).toBeGreaterThan(35 + 11.67 * 5.5);
    expect(forecast.atEnd).toBeLessThan(35 + 11.67 * 6.5);
    // “So far” is the bar of the current month.
    expect(body.supek.cumulative.cpuh.at(-1)['NR-1']).toBe(forecast.soFar);
    expect(forecast.months[0].month).toBe(monthLabelAgo(0));
    expect(forecast.months.at(-1).cpuh).toBeCloseTo(forecast.atEnd, 1);
    // A project past its end date gets none.
    expect(body.forecast['NR-2']).toBeUndefined();
  });

  it('a user without usage gets no cluster keys', async () => {
    const { status, body } = await get(newbie, 'records');
    expect(status).toBe(200);
    expect(body.supek).toBeUndefined();
    expect(body.years).toEqual([]);
  });
});
