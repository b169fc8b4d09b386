import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { apiKey, endTimeMonthsAgo, ingest, monthLabelAgo } from '../support/accounting';

type Hours = Record<string, number>;
interface ClusterRows {
  cluster: string;
  rows: { period: string; cpuh: Hours; gpuh: Hours }[];
  totals: { cpuh: Hours; gpuh: Hours; cpuhAll: number; gpuhAll: number };
}

const share = (domain: string, percent: number, fields: [string, number][]) => ({
  name: { label: domain, value: domain },
  percent,
  scientificfields: fields.map(([f, p]) => ({ name: { label: f, value: f }, percent: p })),
});

describe('usage by science domain GET /api/v1/internal/accounting/science-usage', () => {
  let t: TestApp;
  let staff: Caller;
  let lead: Caller;

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const ana = await addUser(t.ctx, 'lead', { person_username: 'ahorvat' });
    await addUser(t.ctx, 'staff', { is_staff: true });
    const split = await addProject(t.ctx, 'SD-1', 'approve', [[ana, 'lead']]);
    const whole = await addProject(t.ctx, 'SD-2', 'approve', [[ana, 'lead']]);
    await addProject(t.ctx, 'SD-3', 'approve', [[ana, 'lead']]);
    // SD-1: 70 % technical (computing 50 / electrical 50), 30 % natural (physics); SD-2: 100 % natural
    // (chemistry 80 / physics 20); SD-3 declares none.
    await t.ctx.db
      .updateTable('projects')
      .set({ science_field: JSON.stringify([share('Tehničke znanosti', 70, [['Računarstvo', 50], ['Elektrotehnika', 50]]), share('Prirodne znanosti', 30, [['Fizika', 100]])]) })
      .where('id', '=', split)
      .execute();
    await t.ctx.db
      .updateTable('projects')
      .set({ science_field: JSON.stringify([share('Prirodne znanosti', 100, [['Kemija', 80], ['Fizika', 20]])]) })
      .where('id', '=', whole)
      .execute();
    const key = await apiKey(t);
    const job = (jobid: string, project: string, monthsAgo: number, ncpus: number, ngpus = 0) => ({
      jobid, user: 'ahorvat', project, end_time: endTimeMonthsAgo(monthsAgo), walltime: 3600, ncpus, ngpus,
    });
    expect((await ingest(t, key, 'supek', [job('1', 'SD-1', 1, 100, 10), job('2', 'SD-1', 2, 200), job('3', 'SD-2', 1, 50), job('4', 'SD-3', 1, 40)])).json().stored).toBe(4);
    expect((await ingest(t, key, 'padobran', [job('p1', 'SD-1', 1, 10)])).json().stored).toBe(1);
    staff = await t.login('staff');
    lead = await t.login('lead');
  });
  afterAll(() => t.close());

  const get = async (caller: Caller, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/internal/accounting/science-usage${query}`, headers: { cookie: caller.cookie } });
    return { status: res.statusCode, body: res.json() };
  };
  const supek = (body: { clusters: ClusterRows[] }) => body.clusters.find((c) => c.cluster === 'supek')!;

  it('splits a project with shares 70/30 into exactly 70/30 of its hours, month by month', async () => {
    const { status, body } = await get(staff);
    expect(status).toBe(200);
    expect(body).toMatchObject({ by: 'domain', period: 'month', window: { range: 'last12' } });
    const rows = supek(body).rows;
    expect(rows).toHaveLength(12);
    // Two months ago only SD-1 ran: 200 CPU hours, 70/30.
    expect(rows.find((r) => r.period === monthLabelAgo(2))!.cpuh).toEqual({ 'Tehničke znanosti': 140, 'Prirodne znanosti': 60, '': 0 });
    // One month ago: SD-1 100 h (70/30), SD-2 50 h (all natural), SD-3 40 h (no domain).
    const last = rows.find((r) => r.period === monthLabelAgo(1))!;
    expect(last.cpuh).toEqual({ 'Tehničke znanosti': 70, 'Prirodne znanosti': 30 + 50, '': 40 });
    expect(last.gpuh).toEqual({ 'Tehničke znanosti': 7, 'Prirodne znanosti': 3, '': 0 });
  });

  it('splits per field by domain share × field share', async () => {
    const { body } = await get(staff, '?by=field');
    const totals = supek(body).totals.cpuh;
    // Computing and electrical: 50 % of 70 % of 300 h; physics: 30 % of 300 h + 20 % of 50 h; chemistry: 80 % of 50 h.
    expect(totals).toEqual({ Računarstvo: 105, Elektrotehnika: 105, Fizika: 90 + 10, Kemija: 40, '': 40 });
    const columns = body.columns as { key: string; label: { hr: string; en: string }; domain?: { hr: string; en: string } }[];
    expect(columns.find((c) => c.key === 'Kemija')).toEqual({ key: 'Kemija', label: { hr: 'Kemija', en: 'Chemistry' }, domain: { hr: 'Prirodne znanosti', en: 'Natural sciences' } });
    expect(columns.at(-1)).toEqual({ key: '', label: { hr: 'Bez navedenog znanstvenog područja', en: 'No science domain declared' } });
  });

  it('adds up, per cluster, to the accounting totals', async () => {
    const accounting = await t.app.inject({ method: 'GET', url: '/api/v1/internal/accounting/project-records', headers: { cookie: lead.cookie } });
    const monthly: Record<string, number | string>[] = accounting.json().supek.monthly.cpuh;
    const total = monthly.reduce((s, r) => s + Object.entries(r).reduce((t2, [k, v]) => (k === 'month' ? t2 : t2 + Number(v)), 0), 0);
    for (const by of ['domain', 'field']) {
      const cluster = supek((await get(staff, `?by=${by}`)).body);
      expect(cluster.totals.cpuhAll).toBe(total);
      expect(Object.values(cluster.totals.cpuh).reduce((s, v) => s + v, 0)).toBeCloseTo(total, 6);
    }
    expect(total).toBe(390);
  });

  it('sums years with period=year over the whole history', async () => {
    const { body } = await get(staff, '?period=year&range=all');
    const rows = supek(body).rows;
    expect(rows.map((r) => r.period)).toEqual([...new Set([monthLabelAgo(2), monthLabelAgo(1), monthLabelAgo(0)].map((m) => m.slice(3)))]);
    const sum = rows.reduce((s, r) => s + r.cpuh['Tehničke znanosti'], 0);
    expect(sum).toBe(210);
  });

  it('is for staff only, and refuses an unknown split or period in the caller\'s language', async () => {
    expect((await get(lead)).status).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/internal/accounting/science-usage?by=institution', headers: { cookie: staff.cookie, 'accept-language': 'hr' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.message).toContain("mora biti 'domain' ili 'field'");
    expect((await get(staff, '?period=week')).status).toBe(400);
    expect((await get(staff, '?year=20x5')).status).toBe(400);
  });
});
