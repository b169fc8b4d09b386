import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { apiKey, endTimeMonthsAgo, ingest } from '../support/accounting';

const tags = (...values: string[]) => JSON.stringify(values.map((value) => ({ label: value, value })));

describe('usage ingest POST /api/v1/accounting/records', () => {
  let t: TestApp;
  let key: string;
  let users: Record<string, number>;
  let projects: Record<string, number>;

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    key = await apiKey(t);
    users = {
      ana: await addUser(t.ctx, 'ana', { person_username: 'ahorvat', person_uniqueid: 'ahorvat@fer.hr' }),
      ivo: await addUser(t.ctx, 'ivo', { person_username: 'iivic', person_uniqueid: 'iivic@pmf.hr' }),
    };
    projects = {
      p1: await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[users.ana, 'lead'], [users.ivo, 'collaborator']]),
      p2: await addProject(t.ctx, 'NR-2026-02-002', 'approve', [[users.ana, 'lead']]),
    };
    await t.ctx.db.updateTable('projects').set({ resources_type: tags('CPU', 'GPU') }).where('id', '=', projects.p1).execute();
    await t.ctx.db.updateTable('projects').set({ resources_type: tags('PADOBRAN') }).where('id', '=', projects.p2).execute();
  });
  afterAll(() => t.close());

  const jobs = () => t.ctx.db.selectFrom('usage_jobs').selectAll().orderBy('id').execute();
  const monthly = () => t.ctx.db.selectFrom('usage_monthly').selectAll().orderBy('cluster').orderBy('month').execute();

  it('computes cpuh and gpuh as n × walltime / 3600 to 4 places and stores the raw record', async () => {
    const end = endTimeMonthsAgo(2);
    const res = await ingest(t, key, 'supek', [
      { jobid: '1', user: 'ahorvat', project: 'NR-2026-01-001', end_time: end, walltime: 3920, ncpus: 4, ngpus: 2, queue: 'gpu' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ resource: 'supek', received: 1, stored: 1, skipped: [] });
    const [job] = await jobs();
    expect(job).toMatchObject({ cluster: 'supek', job_id: '1', user_id: users.ana, project_id: projects.p1, cpuh: 4.3556, gpuh: 2.1778 });
    expect(job.record).toEqual({ jobid: '1', walltime: 3920, ncpus: 4, ngpus: 2, queue: 'gpu', cpuh: 4.3556, gpuh: 2.1778 });
    expect(new Date(job.end_time).getTime()).toBe(end * 1000);
  });

  it('keeps the monthly aggregate in step, and the same batch again stores nothing', async () => {
    const batch = [
      { jobid: '2', user: 'ahorvat', project: 'NR-2026-01-001', end_time: endTimeMonthsAgo(2), walltime: 3600, ncpus: 10 },
      { jobid: '3', user: 'iivic@pmf.hr', project: 'NR-2026-01-001', end_time: endTimeMonthsAgo(1), walltime: 7200, ncpus: 2, ngpus: 1 },
    ];
    expect((await ingest(t, key, 'supek', batch)).statusCode).toBe(201);
    const before = await monthly();
    const again = await ingest(t, key, 'supek', batch);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ received: 2, stored: 0 });
    expect(again.json().skipped).toEqual([
      { row: 0, jobid: '2', reason: 'duplicate', message: 'Job 2 is already stored' },
      { row: 1, jobid: '3', reason: 'duplicate', message: 'Job 3 is already stored' },
    ]);
    expect(await monthly()).toEqual(before);
    const ana = before.filter((m) => m.user_id === users.ana);
    expect(ana).toHaveLength(1);
    expect(ana[0]).toMatchObject({ cluster: 'supek', project_id: projects.p1, jobs: 2 });
    expect(ana[0].cpuh).toBeCloseTo(14.3556, 4);
    expect(before.find((m) => m.user_id === users.ivo)).toMatchObject({ cpuh: 4, gpuh: 2, jobs: 1 });
    // The aggregate is the sum of the stored jobs, month by month.
    const sums = await t.ctx.db.selectFrom('usage_jobs').select((eb) => [eb.fn.sum<number>('cpuh').as('cpuh')]).executeTakeFirstOrThrow();
    expect(before.reduce((s, m) => s + m.cpuh, 0)).toBeCloseTo(Number(sums.cpuh), 6);
  });

  it('stores the good rows of a partial batch and reports every skipped row with its reason', async () => {
    const end = endTimeMonthsAgo(1);
    const res = await ingest(t, key, 'supek', [
      { jobid: '10', user: 'ahorvat', project: 'NR-2026-01-001', end_time: end, walltime: 60, ncpus: 60 },
      { jobid: '11', user: 'nonexisting', project: 'NR-2026-01-001', end_time: end, walltime: 60, ncpus: 1 },
      { jobid: '12', user: 'ahorvat', project: 'nonexisting-project', end_time: end, walltime: 60, ncpus: 1 },
      { jobid: '13', user: 'ahorvat', end_time: end, walltime: 3600, ncpus: 1 },
      { jobid: '14', user: 'nonexisting2', end_time: end, walltime: 60, ncpus: 1 },
      { jobid: '10', user: 'ahorvat', project: 'NR-2026-01-001', end_time: end, walltime: 60, ncpus: 60 },
    ]);
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.status).toEqual({ code: 404, message: 'Project nonexisting-project not found; users nonexisting, nonexisting2 not found' });
    expect(body).toMatchObject({ received: 6, stored: 2 });
    expect(body.message).toBe('Project nonexisting-project not found; users nonexisting, nonexisting2 not found; 1 already stored');
    expect(body.skipped.map((s: { row: number; reason: string }) => [s.row, s.reason])).toEqual([
      [1, 'unknown-user'],
      [2, 'unknown-project'],
      [4, 'unknown-user'],
      [5, 'duplicate'],
    ]);
    // Row 3 named no project: the user's newest membership whose requested types fit supek (CPU/GPU).
    const inferred = await t.ctx.db.selectFrom('usage_jobs').selectAll().where('job_id', '=', '13').executeTakeFirstOrThrow();
    expect(inferred.project_id).toBe(projects.p1);
  });

  it('infers the padobran project from the PADOBRAN tag, and skips a user with no matching project', async () => {
    const end = endTimeMonthsAgo(1);
    const res = await ingest(t, key, 'padobran', [
      { jobid: '12843', user: 'ahorvat', end_time: end, walltime: 100, ncpus: 36 },
      { jobid: '12844', user: 'iivic', end_time: end, walltime: 100, ncpus: 1 },
    ]);
    // The current portal drops such a row silently and answers 201.
    expect(res.statusCode).toBe(201);
    expect(res.json().skipped).toEqual([{ row: 1, jobid: '12844', reason: 'no-matching-project', message: 'User iivic has no project with resource types of padobran' }]);
    const job = await t.ctx.db.selectFrom('usage_jobs').selectAll().where('job_id', '=', '12843').executeTakeFirstOrThrow();
    expect(job.project_id).toBe(projects.p2);
    expect(job.cpuh).toBe(1);
  });

  it('stores project-level cloud rows without a user and without a job id only once', async () => {
    const row = { project: 'NR-2026-02-002', end_time: endTimeMonthsAgo(1), cpuh: 12.5, vm: 'vm-1' };
    expect((await ingest(t, key, 'cloud', [row])).json()).toMatchObject({ stored: 1 });
    expect((await ingest(t, key, 'cloud', [row])).json()).toMatchObject({ stored: 0, skipped: [{ row: 0, jobid: null, reason: 'duplicate' }] });
    const stored = await t.ctx.db.selectFrom('usage_jobs').selectAll().where('cluster', '=', 'cloud').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: null, cpuh: 12.5, gpuh: 0 });
    const agg = await t.ctx.db.selectFrom('usage_monthly').selectAll().where('cluster', '=', 'cloud').execute();
    expect(agg).toEqual([expect.objectContaining({ user_id: null, cpuh: 12.5, jobs: 1 })]);
  });

  it('GET lists the job ids stored for a cluster, sorted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/accounting/records?resource=supek', headers: { authorization: `Api-Key ${key}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['1', '10', '13', '2', '3']);
    const padobran = await t.app.inject({ method: 'GET', url: '/api/v1/accounting/records?resource=padobran', headers: { authorization: `Api-Key ${key}` } });
    expect(padobran.json()).toEqual(['12843']);
  });

  it('forgets the jobs and aggregates of a deleted project', async () => {
    await t.ctx.db.deleteFrom('memberships').where('project_id', '=', projects.p2).execute();
    await t.ctx.db.deleteFrom('projects').where('id', '=', projects.p2).execute();
    expect(await t.ctx.db.selectFrom('usage_jobs').select('id').where('project_id', '=', projects.p2).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('usage_monthly').select('month').where('project_id', '=', projects.p2).execute()).toEqual([]);
    expect((await jobs()).length).toBeGreaterThan(0);
  });
});
