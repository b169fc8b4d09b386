import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { mailRules } from '../../src/schema-runtime';
import { digestMoment, runMailDigest } from '../../src/server/mail/digest';
import { runUsageSummaries } from '../../src/server/accounting/usage-summaries';
import { runProjectLifecycle } from '../../src/server/projects/lifecycle';
import { languageCookieName } from '../../src/schema-runtime';
import { deliverOutbox, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { copySchemas } from '../../harness/schema-copy';
import { loadSchemaSet } from '../../src/schema-runtime/node';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Routine notices reach each user as they chose (docs/decisions/0200-mail-preferences.md), with the
 * digest and usage-summary jobs run on a clock the test sets and the mails delivered to an SMTP sink.
 */
describe('mail the way each user wants it', () => {
  let t: TestApp;
  let sink: SmtpSink;
  /** A second app instance's database connection (PostgreSQL); the same one on the embedded database. */
  let otherDb: Kysely<Database>;
  const ids: Record<string, number> = {};

  const mailOf = (username: string) => `${username}@example.org`;
  async function person(username: string, first: string, last: string) {
    ids[username] = await addUser(t.ctx, username, { first_name: first, last_name: last, person_mail: mailOf(username), person_uniqueid: mailOf(username), person_type: 'local' });
  }
  async function api(username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang?: 'hr' | 'en') {
    const who = await t.login(username);
    const cookie = lang ? `${who.cookie}; ${languageCookieName(t.ctx.schemas.service.serviceKey)}=${lang}` : who.cookie;
    const res = await t.app.inject({ method, url, headers: { cookie, 'x-csrftoken': who.csrf }, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} as ${username}: ${res.statusCode} ${res.body}`);
    return res.json();
  }
  const choose = (username: string, language: 'hr' | 'en', routine: 'immediate' | 'weekly') =>
    api(username, 'PUT', '/api/v1/internal/mail-preferences/', { language, routine });
  /** The lead invites `username` to the project and they accept: the lead's "joined" notice. */
  async function joins(lead: string, identifier: string, projectId: number, username: string) {
    await api(lead, 'POST', '/api/v1/internal/invites/', { project: identifier, projectid: projectId, type: 'add', collaboratorEmails: [{ label: mailOf(username), value: mailOf(username) }] });
    const invite = await t.ctx.db.selectFrom('invites').select('key').where('email', '=', mailOf(username)).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    await api(username, 'POST', `/api/v1/internal/invites/${invite.key}`);
  }
  const signOff = (lead: string, projectId: number, username: string) => api(lead, 'POST', `/api/v1/internal/users-projects/${projectId}`, [ids[username]]);
  const outboxTo = (username: string) =>
    t.ctx.db.selectFrom('outbox').select(['kind', 'subject', 'body', 'cc_addr']).where('to_addr', '=', mailOf(username)).orderBy('id').execute();
  const pendingOf = (username: string) => t.ctx.db.selectFrom('digest_items').select('kind').where('user_id', '=', ids[username]).where('digest_id', 'is', null).execute();
  const deliver = () => deliverOutbox(t.ctx.db, sink);
  const received = (username: string) => sink.messages.filter((m) => m.recipients.includes(mailOf(username)));
  /** The first digest moment after now, as rules/mail.json sets it. */
  const nextMoment = () => digestMoment(t.ctx.db, mailRules(t.ctx.schemas).digest, new Date(Date.now() + 7 * DAY_MS));
  const digestAt = (at: Date, db: Kysely<Database> = t.ctx.db) => runMailDigest({ ...t.ctx, db }, at);

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org', graceMonths: 3 } });
    otherDb = t.database.kind === 'postgres' ? (await t.database.open()).db : t.ctx.db;
    sink = await startSmtpSink();
    await addUser(t.ctx, 'staff', { is_staff: true, person_mail: 'staff@example.org' });
    const people: [string, string, string][] = [
      ['ivo', 'Ivo', 'Odmah'], ['ic1', 'Iva', 'Prva'], ['ic2', 'Ivan', 'Drugi'],
      ['vesna', 'Vesna', 'Tjedna'], ['colead', 'Goran', 'Suvoditelj'], ['wc1', 'Petra', 'Nova'], ['wc2', 'Marko', 'Odjavljeni'], ['wc3', 'Lana', 'Kasnija'],
      ['mira', 'Mira', 'Tiha'], ['mira2', 'Dora', 'Tiha'], ['mc1', 'Tin', 'Tihi'], ['mc2', 'Luka', 'Tihi'], ['mc3', 'Rok', 'Tihi'],
      ['eng', 'Eve', 'English'], ['ec1', 'Ema', 'Suradnica'], ['ec2', 'Ena', 'Kasna'],
      ['uivo', 'Ante', 'Mjesecni'], ['uvesna', 'Nina', 'Mjesecna'],
    ];
    for (const [username, first, last] of people) await person(username, first, last);
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });

  it('sends each routine notice at once to a user who takes them as they happen', async () => {
    const project = await addProject(t.ctx, 'MD-now', 'approve', [[ids.ivo, 'lead'], [ids.ic2, 'collaborator']]);
    await joins('ivo', 'MD-now', project, 'ic1');
    await signOff('ivo', project, 'ic2');
    expect((await outboxTo('ivo')).map((m) => [m.kind, m.subject, m.cc_addr])).toEqual([['invite-accepted', 'Prijava korisnika uspješna', t.ctx.schemas.service.staffEmail]]);
    expect((await outboxTo('ic2')).map((m) => [m.kind, m.subject])).toEqual([['membership-ended', 'Odjavljeni ste s projekta']]);
    expect((await outboxTo('ic2'))[0].body).toContain('Ivo Odmah odjavio/la vas je s projekta "Projekt MD-now" (MD-now)');
    expect(await pendingOf('ivo')).toEqual([]);

    await deliver();
    expect(received('ivo').map((m) => m.subject)).toEqual(['Prijava korisnika uspješna']);
    expect(received('ic2').map((m) => m.subject)).toEqual(['Odjavljeni ste s projekta']);
  });

  it('keeps a digest user’s routine notices for one mail after the week’s digest moment, listing them, made once however often and wherever it runs', async () => {
    await choose('vesna', 'hr', 'weekly');
    await choose('wc2', 'hr', 'weekly');
    const project = await addProject(t.ctx, 'MD-week', 'approve', [[ids.vesna, 'lead'], [ids.colead, 'lead'], [ids.wc2, 'collaborator']]);
    await joins('vesna', 'MD-week', project, 'wc1');
    await signOff('colead', project, 'wc2');

    // Nothing at once: the notices wait; staff's copy of "joined" goes on its own, the other lead (at once) is told.
    expect(await outboxTo('vesna')).toEqual([]);
    expect(await outboxTo('wc2')).toEqual([]);
    expect((await pendingOf('vesna')).map((i) => i.kind)).toEqual(['invite-accepted', 'member-signed-off']);
    const staffCopy = await t.ctx.db.selectFrom('outbox').select(['subject', 'body']).where('to_addr', '=', t.ctx.schemas.service.staffEmail).where('kind', '=', 'invite-accepted').execute();
    expect(staffCopy.map((m) => m.body).filter((b) => b.includes('Petra Nova'))).toHaveLength(1);

    const moment = await nextMoment();
    expect(moment.getTime()).toBeGreaterThan(Date.now());
    await digestAt(new Date(moment.getTime() - MINUTE_MS));
    expect(await outboxTo('vesna')).toEqual([]);

    const after = new Date(moment.getTime() + MINUTE_MS);
    const runs = [await digestAt(after), await digestAt(after), ...(await Promise.all([digestAt(after), digestAt(after, otherDb)]))];
    expect(runs.every((r) => r.moment.getTime() === moment.getTime())).toBe(true);
    const digests = await outboxTo('vesna');
    expect(digests.map((m) => m.kind)).toEqual(['digest']);
    expect(digests[0].subject).toMatch(/^Tjedni pregled obavijesti \(\d\d\.\d\d\.\d{4} – \d\d\.\d\d\.\d{4}\)$/);
    const lines = digests[0].body.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      expect.stringMatching(/^- \d\d\.\d\d\.\d{4}: Korisnik Petra Nova pridružio se projektu "Projekt MD-week" \(MD-week\)\.$/),
      expect.stringMatching(/^- \d\d\.\d\d\.\d{4}: Goran Suvoditelj odjavio\/la je suradnika Marko Odjavljeni s projekta "Projekt MD-week" \(MD-week\)\.$/),
    ]);
    expect(digests[0].body).toContain('https://portal.example.org/ui/my-info');
    expect((await outboxTo('wc2')).map((m) => m.kind)).toEqual(['digest']);
    expect(await pendingOf('vesna')).toEqual([]);

    await deliver();
    expect(received('vesna')).toHaveLength(1);
    expect(received('vesna')[0].body).toContain('Petra Nova');

    // The next week: a new notice, two app instances at once, one more digest.
    await joins('vesna', 'MD-week', project, 'wc3');
    const week2 = new Date(moment.getTime() + 7 * DAY_MS + MINUTE_MS);
    await Promise.all([digestAt(week2), digestAt(week2, otherDb), digestAt(week2)]);
    const later = await outboxTo('vesna');
    expect(later.map((m) => m.kind)).toEqual(['digest', 'digest']);
    expect(later[1].body).toContain('Lana Kasnija');
    expect(later[1].body).not.toContain('Petra Nova');
  });

  it('sends decisions and expiry notices at once to a digest user', async () => {
    const request = await addProject(t.ctx, 'MD-decide', 'submit', [[ids.vesna, 'lead']]);
    const ending = await addProject(t.ctx, 'MD-ending', 'approve', [[ids.vesna, 'lead']]);
    await t.ctx.db.updateTable('projects').set({ date_end: '2027-03-31', approved_by: JSON.stringify({ username: 'staff' }) }).where('id', '=', ending).execute();
    const before = (await outboxTo('vesna')).length;
    await api('staff', 'POST', `/api/v1/internal/projects/MD-decide`, { requestState: { approve: true }, staff_resources_type: [{ label: 'CPU', value: 'CPU' }], staff_emailSend: true });
    await runProjectLifecycle(t.ctx, new Date('2027-03-10T09:00:00Z'));
    // The lifecycle run moves the other test projects (ending 2026-12-31) too: only these two count here.
    const sent = (await outboxTo('vesna')).slice(before).filter((m) => m.kind === 'request-approved' || m.body.includes('(MD-ending)'));
    expect(sent.map((m) => [m.kind, m.subject])).toEqual([
      ['request-approved', 'Zahtjev odobren'],
      ['project-ending', 'Projekt uskoro istječe'],
    ]);
    expect(await pendingOf('vesna')).toEqual([]);
    expect(request).toBeGreaterThan(0);
  });

  it('writes every mail in the language the user chose, whatever the interface language', async () => {
    // Eve uses the interface in Croatian but wants mails in English.
    await api('eng', 'GET', '/api/v1/sessionactive', undefined, 'hr');
    const prefs = await choose('eng', 'en', 'immediate');
    expect(prefs).toMatchObject({ language: 'en', languageChosen: true });
    await api('eng', 'GET', '/api/v1/sessionactive', undefined, 'hr');
    const project = await addProject(t.ctx, 'MD-eng', 'approve', [[ids.eng, 'lead']]);
    const request = await addProject(t.ctx, 'MD-eng-req', 'submit', [[ids.eng, 'lead']]);
    await joins('eng', 'MD-eng', project, 'ec1');
    await api('staff', 'POST', `/api/v1/internal/projects/MD-eng-req`, { requestState: { approve: true }, staff_resources_type: [{ label: 'CPU', value: 'CPU' }], staff_emailSend: true });
    expect((await outboxTo('eng')).map((m) => m.subject)).toEqual(['User Registration Successful', 'Request approved']);

    // Signed off, the collaborator (interface in Croatian) is told in Croatian; Eve's digest is English.
    await signOff('eng', project, 'ec1');
    expect((await outboxTo('ec1')).map((m) => [m.kind, m.subject])).toEqual([
      ['invite', `Poziv na projekt "Projekt MD-eng" na usluzi ${t.ctx.schemas.service.serviceName.hr}`],
      ['membership-ended', 'Odjavljeni ste s projekta'],
    ]);
    await choose('eng', 'en', 'weekly');
    await joins('eng', 'MD-eng', project, 'ec2');
    await digestAt(new Date((await nextMoment()).getTime() + MINUTE_MS));
    const digest = (await outboxTo('eng')).at(-1)!;
    expect(digest.subject).toMatch(/^Weekly summary of notices/);
    expect(digest.body).toMatch(/^- \d\d\.\d\d\.\d{4}: Ena Kasna joined the project "Projekt MD-eng" \(MD-eng\)\.$/m);
    expect(request).toBeGreaterThan(0);
  });

  it('sends no routine notice about a muted project to the lead who muted it, not even in the digest; staff’s copy and decisions still go', async () => {
    await choose('mira2', 'hr', 'weekly');
    const project = await addProject(t.ctx, 'MD-mute', 'approve', [[ids.mira, 'lead'], [ids.mira2, 'lead'], [ids.mc2, 'collaborator']]);
    await api('mira', 'PUT', '/api/v1/internal/projects/MD-mute/mail-mute', { muted: true });
    await api('mira2', 'PUT', '/api/v1/internal/projects/MD-mute/mail-mute', { muted: true });
    const staffBefore = (await t.ctx.db.selectFrom('outbox').select('id').where('to_addr', '=', t.ctx.schemas.service.staffEmail).execute()).length;

    await joins('mira', 'MD-mute', project, 'mc1');
    await signOff('mira', project, 'mc2');
    expect(await outboxTo('mira')).toEqual([]);
    expect(await outboxTo('mira2')).toEqual([]);
    expect(await pendingOf('mira2')).toEqual([]);
    // The signed-off member is told all the same: the mute is the leads'.
    expect((await outboxTo('mc2')).map((m) => m.kind)).toEqual(['membership-ended']);
    const staffMails = await t.ctx.db.selectFrom('outbox').select(['kind', 'body']).where('to_addr', '=', t.ctx.schemas.service.staffEmail).execute();
    expect(staffMails.slice(staffBefore).map((m) => m.kind)).toEqual(['invite-accepted']);

    await runProjectLifecycle(t.ctx, new Date('2026-12-10T09:00:00Z'));
    expect((await outboxTo('mira')).map((m) => m.kind)).toEqual(['project-ending']);

    // Unmuted, each hears again what goes to them.
    await api('mira', 'PUT', '/api/v1/internal/projects/MD-mute/mail-mute', { muted: false });
    await joins('mira', 'MD-mute', project, 'mc3');
    expect((await outboxTo('mira')).map((m) => m.kind)).toEqual(['project-ending', 'invite-accepted']);
    await signOff('mira', project, 'mc1');
    expect(await pendingOf('mira2')).toEqual([]);
    await api('mira2', 'PUT', '/api/v1/internal/projects/MD-mute/mail-mute', { muted: false });
    await signOff('mira', project, 'mc3');
    expect((await pendingOf('mira2')).map((i) => i.kind)).toEqual(['member-signed-off']);
  });

  it('tells the leads a project’s usage of the month once, a few days after it ends: at once, or in the weekly digest', async () => {
    await choose('uvesna', 'hr', 'weekly');
    const now = await addProject(t.ctx, 'MD-usage-now', 'approve', [[ids.uivo, 'lead']]);
    const weekly = await addProject(t.ctx, 'MD-usage-week', 'approve', [[ids.uvesna, 'lead']]);
    const quiet = await addProject(t.ctx, 'MD-usage-none', 'approve', [[ids.uivo, 'lead']]);
    const usage = (projectId: number, month: string, cpuh: number, gpuh: number) =>
      t.ctx.db.insertInto('usage_monthly').values({ cluster: 'supek', project_id: projectId, user_id: null, month, cpuh, gpuh, jobs: 1 }).execute();
    await usage(now, '2027-04-01', 1234.46, 2.04);
    await usage(now, '2027-03-01', 100, 0);
    await usage(weekly, '2027-04-01', 10, 0);
    await usage(quiet, '2027-03-01', 50, 0);

    // May 2nd is not yet past the month's end by afterMonthDays (rules/mail.json).
    expect(await runUsageSummaries(t.ctx, new Date('2027-05-02T10:00:00Z'))).toEqual({ month: null, projects: 0 });
    const at = new Date('2027-05-03T10:00:00Z');
    const first = await runUsageSummaries(t.ctx, at);
    const again = await Promise.all([runUsageSummaries(t.ctx, at), runUsageSummaries({ ...t.ctx, db: otherDb }, at)]);
    expect(first).toEqual({ month: '2027-04-01', projects: 2 });
    expect(again.map((r) => r.projects)).toEqual([0, 0]);

    const toIvo = await outboxTo('uivo');
    expect(toIvo.map((m) => m.subject)).toEqual(['Potrošnja resursa projekta u mjesecu 04/2027']);
    expect(toIvo[0].body).toContain('projekt "Projekt MD-usage-now" (MD-usage-now) potrošio je u mjesecu 04/2027');
    expect(toIvo[0].body).toContain('1.234,5 CPU sati i 2 GPU sati');
    expect(toIvo[0].body).toContain('Od početka projekta ukupno: 1.334,5 CPU sati i 2 GPU sati.');
    expect(toIvo[0].body).toContain('https://portal.example.org/ui/project-accounting');
    expect(await outboxTo('uvesna')).toEqual([]);

    // Monday 2027-05-10 08:00 in Zagreb is 06:00 UTC: the summary kept on the 3rd goes in that digest.
    await digestAt(new Date('2027-05-10T05:59:00Z'));
    expect(await outboxTo('uvesna')).toEqual([]);
    await digestAt(new Date('2027-05-10T06:01:00Z'));
    const digest = await outboxTo('uvesna');
    expect(digest.map((m) => m.subject)).toEqual(['Tjedni pregled obavijesti (03.05.2027 – 10.05.2027)']);
    expect(digest[0].body).toContain('- 03.05.2027: Projekt "Projekt MD-usage-week" (MD-usage-week) potrošio je u mjesecu 04/2027 10 CPU sati i 0 GPU sati.');
  });
});

describe('mail rules staff change in rules/mail.json, with no code change', () => {
  const copy = copySchemas();
  let t: TestApp;

  beforeAll(async () => {
    copy.edit('rules/mail.json', (doc) => {
      doc.oneOf.find((k: { const: string }) => k.const === 'invite-accepted').routine = false;
      doc.digest = { ...doc.digest, weekday: 7, hour: 20, timeZone: 'UTC' };
    });
    t = await startTestApp({ seed: false, schemas: loadSchemaSet(copy.dir) });
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
  });

  it('sends a kind no longer routine at once to a digest user, and makes the digest at the new weekday and hour', async () => {
    const lead = await addUser(t.ctx, 'lead', { person_mail: 'lead@example.org', person_type: 'local', routine_mail: 'weekly' });
    const member = await addUser(t.ctx, 'member', { person_mail: 'member@example.org', person_uniqueid: 'member', person_type: 'local' });
    const left = await addUser(t.ctx, 'left', { person_mail: 'left@example.org', person_type: 'local', routine_mail: 'weekly' });
    const project = await addProject(t.ctx, 'MR-1', 'approve', [[lead, 'lead'], [left, 'collaborator']]);
    const caller = async (username: string) => {
      const who = await t.login(username);
      return (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: who.cookie, 'x-csrftoken': who.csrf }, payload });
    };
    const asLead = await caller('lead');
    await asLead('POST', '/api/v1/internal/invites/', { project: 'MR-1', projectid: project, type: 'add', collaboratorEmails: [{ label: 'member@example.org', value: 'member@example.org' }] });
    const { key } = await t.ctx.db.selectFrom('invites').select('key').where('project_id', '=', project).executeTakeFirstOrThrow();
    expect((await (await caller('member'))('POST', `/api/v1/internal/invites/${key}`)).statusCode).toBe(201);
    const toLead = await t.ctx.db.selectFrom('outbox').select('kind').where('to_addr', '=', 'lead@example.org').execute();
    expect(toLead.map((m) => m.kind)).toEqual(['invite-accepted']);
    expect(member).toBeGreaterThan(0);

    // Still routine: the signed-off member's notice waits, for Sunday 20:00 UTC.
    expect((await asLead('POST', `/api/v1/internal/users-projects/${project}`, [left])).statusCode).toBe(200);
    const moment = await digestMoment(t.ctx.db, mailRules(t.ctx.schemas).digest, new Date(Date.now() + 7 * DAY_MS));
    expect([moment.getUTCDay(), moment.getUTCHours(), moment.getUTCMinutes()]).toEqual([0, 20, 0]);
    expect((await runMailDigest(t.ctx, new Date(moment.getTime() + MINUTE_MS))).digests).toBe(1);
    const toLeft = await t.ctx.db.selectFrom('outbox').select('kind').where('to_addr', '=', 'left@example.org').execute();
    expect(toLeft.map((m) => m.kind)).toEqual(['digest']);
  });
});
