import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { runGrantWarnings } from '../../src/server/grants/warnings';
import { runUsageSummaries } from '../../src/server/accounting/usage-summaries';
import { lookupIds } from '../../src/server/db/vocabularies';
import { deliverOutbox, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { apiKey, ingest } from '../support/accounting';
import { copySchemas } from '../../harness/schema-copy';
import { loadSchemaSet } from '../../src/schema-runtime/node';

/**
 * Hours granted on approval and extension, the warnings at the thresholds of rules/grants.json
 * (mailed to an SMTP sink) and efficiency from the jobs' CPU time (docs/decisions/0290-hours-granted.md).
 */
describe('hours granted, warnings and efficiency', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let key: string;
  /** A second connection (PostgreSQL): the warnings job as a second process runs it; the same one on the embedded database. */
  let otherDb: Kysely<Database>;
  const mailOf = (username: string) => `${username}@example.org`;
  let jobNumber = 0;

  async function api(username: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
    const who = await t.login(username);
    return t.app.inject({ method, url, headers: { cookie: who.cookie, 'x-csrftoken': who.csrf }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  /** One job on supek for a project: hours as ncpus × walltime, optionally the CPU time it used. */
  const job = (project: string, user: string, ncpus: number, hours: number, endTime: number, extra: Record<string, unknown> = {}) => ({
    jobid: `g-${(jobNumber += 1)}`, project, user, ncpus, walltime: hours * 3600, end_time: endTime, ...extra,
  });
  const recently = () => Math.floor(Date.now() / 1000) - 3600;
  const received = (username: string) => sink.messages.filter((m) => m.recipients.includes(mailOf(username)));
  const grantsOf = async (username: string, identifier: string) => (await api(username, 'GET', `/api/v1/internal/grants?project=${identifier}`)).json();

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org' } });
    otherDb = t.database.kind === 'postgres' ? (await t.database.open()).db : t.ctx.db;
    sink = await startSmtpSink();
    key = await apiKey(t);
    await addUser(t.ctx, 'staff', { is_staff: true, person_mail: 'staff@example.org' });
    for (const [username, language] of [['hrlead', 'hr'], ['enlead', 'en']] as const)
      await addUser(t.ctx, username, { person_mail: mailOf(username), person_uniqueid: mailOf(username), person_username: username, mail_language: language, first_name: 'Lea', last_name: username });
    for (const username of ['slow', 'quick', 'silent'])
      await addUser(t.ctx, username, { person_mail: mailOf(username), person_uniqueid: mailOf(username), person_username: username, first_name: username, last_name: 'Member' });
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });

  it('returns a grant set on approval to the lead, and refuses one on a denial', async () => {
    const users = await t.ctx.db.selectFrom('users').select(['id', 'username']).execute();
    const id = (u: string) => users.find((x) => x.username === u)!.id;
    await addProject(t.ctx, 'GR-1', 'submit', [[id('hrlead'), 'lead'], [id('enlead'), 'lead'], [id('slow'), 'collaborator']]);
    await addProject(t.ctx, 'GR-2', 'submit', [[id('hrlead'), 'lead']]);
    const denied = await api('staff', 'POST', '/api/v1/internal/projects/GR-2', { state: 'deny', staff_comment: 'Ne.', staff_grants: [{ cluster: 'supek', cpuh: 10 }] });
    expect(denied.statusCode).toBe(400);
    const approved = await api('staff', 'POST', '/api/v1/internal/projects/GR-1', {
      state: 'approve',
      staff_resources_type: [{ label: 'CPU', value: 'CPU' }],
      staff_grants: [{ cluster: 'supek', cpuh: 1000, gpuh: 20 }],
    });
    expect(approved.statusCode).toBe(200);
    const answer = await grantsOf('hrlead', 'GR-1');
    expect(answer.projects).toHaveLength(1);
    expect(answer.projects[0]).toMatchObject({ identifier: 'GR-1', usedPercent: 0, runsOut: null, flagged: false });
    expect(answer.projects[0].clusters).toEqual([
      expect.objectContaining({ cluster: 'supek', cpuh: expect.objectContaining({ granted: 1000, used: 0, percent: 0, reached: [] }), gpuh: expect.objectContaining({ granted: 20 }) }),
    ]);
    expect((await api('quick', 'GET', '/api/v1/internal/grants?project=GR-1')).statusCode).toBe(403);
  });

  it('mails each lead once in their language when usage crosses 75%, also with two processes, and not again', async () => {
    expect((await ingest(t, key, 'supek', [job('GR-1', 'slow', 10, 70, recently())])).statusCode).toBe(201);
    expect(await runGrantWarnings(t.ctx)).toEqual({ projects: 1, warnings: 0 });
    expect((await ingest(t, key, 'supek', [job('GR-1', 'slow', 1, 60, recently())])).statusCode).toBe(201);
    const runs = await Promise.all([runGrantWarnings(t.ctx), runGrantWarnings({ ...t.ctx, db: otherDb })]);
    expect(runs.map((r) => r.warnings).sort()).toEqual([0, 1]);
    await deliverOutbox(t.ctx.db, sink);
    expect(received('hrlead').map((m) => m.subject)).toEqual(['Projekt GR-1 potrošio je 76 % dodijeljenih CPU sati']);
    expect(received('enlead').map((m) => m.subject)).toEqual(['Project GR-1 has used 76% of its CPU hours granted']);
    expect(received('hrlead')[0].body).toContain('760 od 1.000 dodijeljenih CPU sati');
    expect(received('slow')).toHaveLength(0);

    expect((await runGrantWarnings(t.ctx)).warnings).toBe(0);
    expect(await deliverOutbox(t.ctx.db, sink)).toBe(0);
    expect((await grantsOf('enlead', 'GR-1')).projects[0]).toMatchObject({ usedPercent: 76 });
    const row = await t.ctx.db.selectFrom('projects').select('grant_used_percent').where('identifier', '=', 'GR-1').executeTakeFirstOrThrow();
    expect(row.grant_used_percent).toBe(76);
  });

  it('re-arms the thresholds when an extension grants new hours', async () => {
    const states = await lookupIds(t.ctx.db, 'states');
    await t.ctx.db.updateTable('projects').set({ state_id: states.get('submit-extend')! }).where('identifier', '=', 'GR-1').execute();
    const extended = await api('staff', 'POST', '/api/v1/internal/projects/GR-1', { state: 'extend', staff_grants: [{ cluster: 'supek', cpuh: 900 }] });
    expect(extended.statusCode).toBe(200);
    expect((await grantsOf('hrlead', 'GR-1')).projects[0].clusters[0].cpuh).toMatchObject({ granted: 900, used: 760, percent: 84.4, reached: ['75'] });
    expect((await runGrantWarnings(t.ctx)).warnings).toBe(1);
    const before = sink.messages.length;
    await deliverOutbox(t.ctx.db, sink);
    expect(sink.messages.slice(before).map((m) => m.subject).sort()).toEqual(['Project GR-1 has used 84.4% of its CPU hours granted', 'Projekt GR-1 potrošio je 84,4 % dodijeljenih CPU sati']);
  });

  it('lists a project over a threshold to staff only', async () => {
    const list = await api('staff', 'GET', '/api/v1/internal/grants/over-threshold');
    expect(list.json().projects.map((p: { identifier: string }) => p.identifier)).toEqual(['GR-1']);
    expect((await api('hrlead', 'GET', '/api/v1/internal/grants/over-threshold')).statusCode).toBe(403);
  });

  it('computes the efficiency of a month by hand and counts jobs without CPU time as unknown', async () => {
    const mid = Date.UTC(2026, 8, 15, 12) / 1000;
    const rows = [
      // slow: 10 + 20 core-hours reported with 3 + 4 hours of CPU time, 8 core-hours unreported.
      job('GR-1', 'slow', 10, 1, mid, { total_cpu: 3 * 3600 }),
      job('GR-1', 'slow', 4, 5, mid, { total_cpu: 4 * 3600 }),
      job('GR-1', 'slow', 8, 1, mid),
      // enlead: 2 core-hours, 1.8 hours of CPU time; one GPU hour at 40%.
      job('GR-1', 'enlead', 2, 1, mid, { total_cpu: 6480, ngpus: 1, gpu_util: 40 }),
      // hrlead: nothing reported.
      job('GR-1', 'hrlead', 16, 1, mid),
    ];
    expect((await ingest(t, key, 'supek', rows)).statusCode).toBe(201);
    const answer = (await api('hrlead', 'GET', '/api/v1/internal/accounting/efficiency?project=GR-1&month=2026-09')).json();
    expect(answer).toMatchObject({ month: '2026-09', threshold: 50 });
    const by = Object.fromEntries(answer.rows.map((r: { username: string }) => [r.username, r]));
    expect(by.slow).toMatchObject({ cpuh: 38, cpuhKnown: 30, cpuhUnknown: 8, cpuUsed: 7, efficiency: 23.3, below: true, lostHours: 23 });
    expect(by.enlead).toMatchObject({ cpuh: 2, cpuhKnown: 2, cpuUsed: 1.8, efficiency: 90, below: false, lostHours: 0, gpuh: 1, gpuUtilisation: 40 });
    expect(by.hrlead).toMatchObject({ cpuh: 16, cpuhKnown: 0, cpuhUnknown: 16, efficiency: null, below: false, gpuUtilisation: null });
    const centre = (await api('staff', 'GET', '/api/v1/internal/accounting/efficiency/projects?month=2026-09')).json();
    expect(centre.rows).toEqual([expect.objectContaining({ project: 'GR-1', username: null, cpuhKnown: 32, cpuUsed: 8.8, efficiency: 27.5 })]);
    expect((await api('hrlead', 'GET', '/api/v1/internal/accounting/efficiency?month=2026-13')).statusCode).toBe(400);
  });

  it('names the members below the efficiency threshold in the monthly usage summary', async () => {
    expect(await runUsageSummaries(t.ctx, new Date('2026-10-05T10:00:00Z'))).toMatchObject({ month: '2026-09-01' });
    const before = sink.messages.length;
    await deliverOutbox(t.ctx.db, sink);
    const mails = sink.messages.slice(before).filter((m) => m.subject.includes('09/2026'));
    const body = (username: string) => mails.find((m) => m.recipients.includes(mailOf(username)))?.body ?? '';
    expect(body('enlead')).toContain('Members below 50% CPU efficiency');
    expect(body('enlead')).toContain('slow Member (23; 23)');
    expect(body('hrlead')).toContain('Suradnici ispod 50 % iskorištenosti');
    expect(body('hrlead')).toContain('slow Member (23; 23)');
    expect(mails).toHaveLength(2);
  });

  it('grants the defaults of rules/grants.json on a first approval without grants', async () => {
    const lead = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'hrlead').executeTakeFirstOrThrow()).id;
    const workshop = t.ctx.schemas.vocabulary('rules/project-types').find((p) => p.value.endsWith('-workshop'))!.value;
    await addProject(t.ctx, 'GR-W', 'submit', [[lead, 'lead']], workshop);
    const approved = await api('staff', 'POST', '/api/v1/internal/projects/GR-W', { state: 'approve', staff_resources_type: [{ label: 'CPU', value: 'CPU' }] });
    expect(approved.statusCode).toBe(200);
    expect((await grantsOf('hrlead', 'GR-W')).projects[0].clusters).toEqual([expect.objectContaining({ cluster: 'supek', cpuh: expect.objectContaining({ granted: 500 }) })]);
    expect((await grantsOf('hrlead', 'GR-W')).projects[0].clusters[0].gpuh).toBeUndefined();
  });

  it('flags a fully used grant for staff when rules/grants.json says so, and only mails by default', async () => {
    const lead = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'enlead').executeTakeFirstOrThrow()).id;
    await addProject(t.ctx, 'GR-F', 'submit', [[lead, 'lead']]);
    await api('staff', 'POST', '/api/v1/internal/projects/GR-F', { state: 'approve', staff_resources_type: [{ label: 'CPU', value: 'CPU' }], staff_grants: [{ cluster: 'supek', cpuh: 100 }] });
    expect((await ingest(t, key, 'supek', [job('GR-F', 'enlead', 12, 10, recently())])).statusCode).toBe(201);
    const copy = copySchemas();
    try {
      copy.edit('rules/grants.json', (doc) => {
        doc.properties.atFull.const = 'flag';
      });
      const before = sink.messages.length;
      expect((await runGrantWarnings({ ...t.ctx, schemas: loadSchemaSet(copy.dir) })).warnings).toBe(2);
      await deliverOutbox(t.ctx.db, sink);
      expect(sink.messages.slice(before).map((m) => m.subject).sort()).toEqual(['Project GR-F has used 120% of its CPU hours granted', 'Project GR-F has used 120% of its CPU hours granted']);
    } finally {
      copy.remove();
    }
    const over = (await api('staff', 'GET', '/api/v1/internal/grants/over-threshold')).json();
    expect(over.projects.map((p: { identifier: string; flagged: boolean }) => [p.identifier, p.flagged])).toEqual([['GR-F', true], ['GR-1', false]]);
  });

  it('refuses a GPU utilisation above 100%', async () => {
    const res = await ingest(t, key, 'supek', [job('GR-1', 'slow', 1, 1, recently(), { ngpus: 1, gpu_util: 140 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toContain('usage[0].gpu_util');
  });
});
