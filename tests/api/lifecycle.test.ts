import { runProjectLifecycle } from '../../src/server/projects/lifecycle';
import { periodicJobs } from '../../src/server/jobs';
import { lifecycleOutlook } from '../../scripts/import-current';
import { startOutboxSender } from '../../src/server/mail/outbox';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import type { Log } from '../../src/server/log';

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const at = (day: string) => new Date(`${day}T09:00:00`);

describe('automatic project lifecycle', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let lead: number;
  let collab: number;

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org', graceMonths: 3 } });
    lead = await addUser(t.ctx, 'lead', { person_mail: 'ahorvat@fer.hr', person_type: 'local' });
    collab = await addUser(t.ctx, 'jane', { first_name: 'Jane', last_name: 'Doe', person_mail: 'jane@uni.example.eu', person_type: 'foreign' });
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });

  async function project(identifier: string, state: string, dateEnd: string): Promise<number> {
    const id = await addProject(t.ctx, identifier, state, [[lead, 'lead'], [collab, 'collaborator']]);
    await t.ctx.db.updateTable('projects').set({ date_end: dateEnd, approved_by: JSON.stringify({ username: 'staff' }) }).where('id', '=', id).execute();
    return id;
  }
  const stateOf = async (id: number) =>
    (await t.ctx.db.selectFrom('projects').innerJoin('states', 'states.id', 'projects.state_id').select(['states.name', 'is_active', 'change_history', 'changed_by']).where('projects.id', '=', id).executeTakeFirstOrThrow());
  const mails = async (kind: string, identifier: string) =>
    (await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute()).filter((m) => m.body.includes(`(${identifier})`));
  const run = (day: string) => runProjectLifecycle(t.ctx, at(day));

  it('leaves a project alone while its end date is further away than the notice period', async () => {
    const id = await project('LC-far', 'approve', '2027-03-31');
    await run('2027-02-27');
    expect((await stateOf(id)).name).toBe('approve');
    expect(await mails('project-ending', 'LC-far')).toHaveLength(0);
  });

  it('moves a project near its end to approve-expire, writes the history as "system" and asks the lead once for an extension', async () => {
    const id = await project('LC-near', 'approve', '2027-03-31');
    await run('2027-03-05');
    await run('2027-03-06');
    const row = await stateOf(id);
    expect(row.name).toBe('approve-expire');
    expect(row.is_active).toBe(true);
    const history = row.change_history as { previous: { state: string }; next: { state: string }; who: { username: string } }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ previous: { state: 'approve' }, next: { state: 'approve-expire' }, who: { username: 'system' } });
    expect(row.changed_by).toMatchObject({ username: 'system' });
    const sent = await mails('project-ending', 'LC-near');
    expect(sent).toHaveLength(1);
    expect(sent[0].to_addr).toBe('ahorvat@fer.hr');
    expect(sent[0].subject).toBe('Projekt uskoro istječe');
    expect(sent[0].body).toContain('završava 31.03.2027');
    expect(sent[0].body).toContain('https://portal.example.org/ui/my-requests/extend/LC-near');
  });

  it('reminds the lead once on the end date and expires the project after the grace months, telling every member in their language', async () => {
    const id = await project('LC-life', 'extend', '2027-04-30');
    await run('2027-04-10');
    await run('2027-04-29');
    expect(await mails('project-end-reminder', 'LC-life')).toHaveLength(0);
    await run('2027-04-30');
    await run('2027-05-02');
    const reminders = await mails('project-end-reminder', 'LC-life');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].body).toContain('Produljenje možete zatražiti do 30.07.2027');

    await run('2027-07-30');
    expect((await stateOf(id)).name).toBe('approve-expire');
    await run('2027-07-31');
    await run('2027-08-01');
    const row = await stateOf(id);
    expect(row.name).toBe('expire');
    expect(row.is_active).toBe(false);
    expect((row.change_history as { next: { state: string } }[]).map((h) => h.next.state)).toEqual(['approve-expire', 'expire']);
    const told = await mails('project-expired', 'LC-life');
    expect(told.map((m) => [m.to_addr, m.subject]).sort()).toEqual([
      ['ahorvat@fer.hr', 'Projekt je završen'],
      ['jane@uni.example.eu', 'Your project has finished'],
    ]);
  });

  it('sends one mail, not two, for a project found only after its end date', async () => {
    const id = await project('LC-late', 'approve', '2027-01-15');
    await run('2027-01-20');
    await run('2027-01-21');
    expect((await stateOf(id)).name).toBe('approve-expire');
    expect(await mails('project-ending', 'LC-late')).toHaveLength(1);
    expect(await mails('project-end-reminder', 'LC-late')).toHaveLength(0);
  });

  it('makes each change and mail once when two runs race, and the mail reaches the SMTP server once', async () => {
    const id = await project('LC-race', 'approve', '2027-09-30');
    const runs = await Promise.all([run('2027-09-10'), run('2027-09-10'), run('2027-09-10')]);
    expect(runs.reduce((moved, r) => moved + r.ending, 0)).toBe(1);
    expect((await stateOf(id)).change_history).toHaveLength(1);
    expect(await mails('project-ending', 'LC-race')).toHaveLength(1);

    const sender = startOutboxSender({ db: t.ctx.db, smtpUrl: sink.url, logger: quiet, intervalMs: 60_000 });
    try {
      await sender.flush();
      await sink.waitFor((m) => m.body.includes('(LC-race)'));
      expect(sink.messages.filter((m) => m.body.includes('(LC-race)'))).toHaveLength(1);
    } finally {
      await sender.stop();
    }
  });

  it('no longer moves a project whose lead asked for an extension', async () => {
    const id = await project('LC-ext', 'approve-expire', '2027-03-31');
    const caller = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/internal/project-extend/${id}`,
      headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf },
      payload: { reason: 'Treba nam još vremena', approved: false, date_end: '2027-05-31' },
    });
    expect(res.statusCode).toBe(201);
    expect((await stateOf(id)).name).toBe('submit-extend');
    await run('2027-03-31');
    await run('2027-08-01');
    expect((await stateOf(id)).name).toBe('submit-extend');
    expect(await mails('project-end-reminder', 'LC-ext')).toHaveLength(0);
    expect(await mails('project-expired', 'LC-ext')).toHaveLength(0);
  });

  it('counts what a run would change without changing it, and LIFECYCLE_APPLY=false leaves the job out', async () => {
    // An imported project past its end and grace, and one near its end: what the current portal left as they were.
    const overdue = await project('LC-imported', 'approve', '2026-01-31');
    const near = await project('LC-soon', 'extend', '2026-06-10');
    const outbox = async () => (await t.ctx.db.selectFrom('outbox').select('id').execute()).length;
    const mailsBefore = await outbox();
    const due = await runProjectLifecycle(t.ctx, at('2026-06-01'), { dryRun: true });
    expect(due).toMatchObject({ expired: 1, ending: 1 });
    expect((await stateOf(overdue)).name).toBe('approve');
    expect((await stateOf(near)).name).toBe('extend');
    expect(await outbox()).toBe(mailsBefore);

    const names = (lifecycleApply: boolean) => periodicJobs({ ...t.ctx, config: { ...t.ctx.config, lifecycleApply } }, t.app.log).map((j) => j.name);
    expect(names(true)).toContain('project-lifecycle');
    expect(names(false)).not.toContain('project-lifecycle');
    expect(names(false)).toContain('purge-sessions');

    // The import command says so after an import, with the switch that holds it.
    const lines = (await lifecycleOutlook(t.ctx.db, t.ctx.schemas)).join('\n');
    expect(lines).toMatch(/would expire [1-9]\d* and move \d+ to their ending state/);
    expect(lines).toContain('LIFECYCLE_APPLY=false');
    await run('2026-06-01');
    expect((await stateOf(overdue)).name).toBe('expire');
  });
});
