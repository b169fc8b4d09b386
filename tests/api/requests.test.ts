import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'date-fns';
import { defaultSchemasDir, loadSchemaSet } from '../../src/schema-runtime/node';
import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addUser } from '../support/fixtures';
import { nextIdentifier } from '../../src/server/projects/identifiers';
import { generalRequest, institutionalRequest, researchRequest, SOFTWARE } from '../../harness/request-payloads';

const GENERAL = '/api/v1/internal/projects-general/';
const RESEARCH = '/api/v1/internal/projects-research/';
/** OIBs the demo registry knows: `lead` leads 27031, 31877 and 35512; `collab` leads none. */
const OIB = { lead: '20930726687', collab: '13625737435', newbie: '93217836615' };
const REGISTRY_PROJECT = 27031;

describe('request submission API', () => {
  let standIn: StandIn;
  let t: TestApp;
  const callers: Record<string, Caller> = {};
  const send = (who: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: callers[who].cookie, 'x-csrftoken': callers[who].csrf, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const countProjects = async () => Number((await t.ctx.db.selectFrom('projects').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Sends a request that must be refused, and checks nothing was written. */
  async function refused(who: string, url: string, payload: unknown, status: number, message: RegExp | string) {
    const before = await countProjects();
    const mailsBefore = (await t.ctx.db.selectFrom('outbox').select('id').execute()).length;
    const res = await send(who, url, payload);
    const expected = typeof message === 'string' ? message : expect.stringMatching(message);
    expect({ status: res.statusCode, message: res.json().status?.message }).toEqual({ status, message: expected });
    expect(await countProjects()).toBe(before);
    expect((await t.ctx.db.selectFrom('outbox').select('id').execute()).length).toBe(mailsBefore);
    return res.json();
  }

  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org', registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 500, retries: 1 } } });
    await addUser(t.ctx, 'lead', { person_oib: OIB.lead, person_institution: 'Fakultet elektrotehnike i računarstva', person_mail: 'ahorvat@fer.hr' });
    await addUser(t.ctx, 'collab', { person_oib: OIB.collab, first_name: 'Ivan', last_name: 'Kovačević' });
    await addUser(t.ctx, 'newbie', { person_oib: OIB.newbie, first_name: 'Luka', last_name: 'Marić', person_institution: 'FER' });
    await addUser(t.ctx, 'foreign', { person_type: 'foreign' });
    await addUser(t.ctx, 'staff', { is_staff: true, first_name: 'Marko', last_name: 'Babić' });
    await t.ctx.db.insertInto('science_software').values(SOFTWARE.map((name) => ({ name }))).execute();
    for (const who of ['lead', 'collab', 'newbie', 'foreign', 'staff']) callers[who] = await t.login(who);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => standIn.setFault(null));

  describe('each request type', () => {
    it('files a practical class as a submitted, inactive request led by the caller, numbered from the counter', async () => {
      const res = await send('lead', GENERAL, generalRequest());
      expect(res.statusCode).toBe(201);
      const project = res.json();
      expect(t.ctx.schemas.validate('entities/project', project)).toEqual({ valid: true, issues: [] });
      expect(project).toMatchObject({
        identifier: expect.stringMatching(new RegExp(`^NR-${format(new Date(), 'yyyy-MM')}-\\d{3}$`)),
        state: { name: 'submit' },
        project_type: { name: 'practical' },
        is_active: false,
        institute: 'Fakultet elektrotehnike i računarstva',
        science_software: [SOFTWARE[0]],
        resources_numbers: { HPCnSlotsCPU: 64 },
      });
      expect(project.userproject_set).toEqual([expect.objectContaining({ role: { name: 'lead' }, user: expect.objectContaining({ username: 'lead' }) })]);
      expect(project.userproject_set[0].user.person_oib).toBeUndefined();
      expect(Date.now() - new Date(project.date_submitted).getTime()).toBeLessThan(60_000);
    });

    it('writes the "new request" mail to staff with the name, the lead and the link', async () => {
      const res = await send('lead', GENERAL, generalRequest({ name: 'Mail test' }));
      const { identifier } = res.json();
      const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'request-new').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_addr: t.ctx.schemas.service.staffEmail, subject: 'Prijava nove praktične nastave' });
      expect(mail.body).toContain('Mail test');
      expect(mail.body).toContain('Ana Horvat');
      expect(mail.body).toContain(`https://portal.example.org/ui/requests/${identifier}`);
    });

    it('files internal and workshop projects for staff with their own prefixes', async () => {
      const internal = await send('staff', GENERAL, generalRequest({ project_type: 'internal' }));
      expect(internal.statusCode).toBe(201);
      expect(internal.json().identifier).toMatch(/^NRM-/);
      const workshop = await send('staff', GENERAL, generalRequest({ project_type: 'srce-workshop' }));
      expect(workshop.statusCode).toBe(201);
      expect(workshop.json().identifier).toMatch(/^NRR-/);
      const mail = await t.ctx.db.selectFrom('outbox').select('subject').where('kind', '=', 'request-new').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Prijava nove Srce radionice');
    });

    it('files an institutional project when the check allows it, named after the type and the lead', async () => {
      await t.app.inject({ method: 'GET', url: '/api/v1/internal/croris-info/', headers: { cookie: callers.newbie.cookie } });
      const res = await send('newbie', GENERAL, institutionalRequest());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ identifier: expect.stringMatching(/^NRI-/), name: 'Institucijski projekt – Luka Marić', institute: 'FER' });
    });

    it('files a research project with the registry code and the registry data, not what the client sent', async () => {
      const res = await send('lead', RESEARCH, researchRequest(REGISTRY_PROJECT));
      expect(res.statusCode).toBe(201);
      const project = res.json();
      expect(project).toMatchObject({
        identifier: 'IP-2022-10-1234',
        croris_identifier: 'IP-2022-10-1234',
        croris_id: REGISTRY_PROJECT,
        name: 'Strojno učenje za predviđanje svojstava novih materijala',
        croris_title: 'Strojno učenje za predviđanje svojstava novih materijala',
        institute: 'Fakultet elektrotehnike i računarstva',
        croris_lead: 'Ana Horvat',
        croris_finance: ['Hrvatska zaklada za znanost'],
        project_type: { name: 'research-croris' },
      });
      expect(project.croris_summary).not.toBe('Sažetak koji je klijent poslao.');
      expect(project.date_start).not.toBe('2020-01-01');
      expect(project.date_start).toBe(project.croris_start);
      expect(project.croris_collaborators.length).toBeGreaterThan(0);
      const mail = await t.ctx.db.selectFrom('outbox').select('subject').where('kind', '=', 'request-new').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Prijava novog istraživačkog projekta');
    });
  });

  describe('server rules', () => {
    it('refuses foreign researchers', () => refused('foreign', GENERAL, generalRequest(), 403, 'Foreign researchers cannot submit requests for now'));

    it('refuses internal and workshop requests from non-staff', async () => {
      await refused('lead', GENERAL, generalRequest({ project_type: 'internal' }), 403, /Only staff can submit internal project requests/);
      await refused('lead', GENERAL, generalRequest({ project_type: 'srce-workshop' }), 403, /Only staff can submit workshop requests/);
    });

    it('refuses a request type that is not accepting requests (thesis)', () =>
      refused('lead', GENERAL, generalRequest({ project_type: 'thesis' }), 403, /Thesis requests are not accepted for now/));

    it('refuses an institutional request when the check denies it, with the reason', async () => {
      // collab has never looked at the registry here, so there is no registry data to decide on.
      await refused('collab', GENERAL, institutionalRequest(), 403, 'Not allowed to submit institute project: No CroRIS data');
    });

    it('refuses an institutional project that does not last exactly one year', async () => {
      const body = await refused('newbie', GENERAL, institutionalRequest({ date_end: '2026-12-31' }), 400, /institutional project lasts exactly 1 year/);
      expect(body.issues[0]).toMatchObject({ key: 'institutionalYear' });
    });

    it('refuses a research request from someone who does not lead that registry project', () =>
      refused('collab', RESEARCH, researchRequest(31877), 403, /leader of any project in CroRIS|not registered leader of this project/));

    it('refuses a registry project the caller does not lead, although they lead others', () =>
      refused('lead', RESEARCH, researchRequest(99999), 403, 'You are not registered leader of this project in CroRIS'));

    it('refuses a registry project submitted before with 409', () =>
      refused('lead', RESEARCH, researchRequest(REGISTRY_PROJECT), 409, 'This registry project has already been submitted'));

    it('answers a clear 502, not a 500, when the registry is down', async () => {
      await t.ctx.db.deleteFrom('registry_snapshots').execute();
      standIn.setFault({ kind: 'serverError' });
      await refused('lead', RESEARCH, researchRequest(31877), 502, /^Could not check your projects in CroRIS, try again later/);
    });

    it('refuses a research body on the general endpoint and the other way round', async () => {
      await refused('lead', GENERAL, researchRequest(31877), 400, /projects-research/);
      await refused('lead', RESEARCH, generalRequest(), 400, /projects-general/);
    });

    it('refuses a staff-only resource type from a non-staff requester', () =>
      refused('lead', GENERAL, generalRequest({ resources_type: [{ value: 'PENKALA' }] }), 400, /Only staff can choose PENKALA/));
  });

  describe('a client bypassed with invalid payloads', () => {
    const domain = (percent: number, fields: [string, number][]) => ({
      name: { value: 'Tehničke znanosti' },
      percent,
      scientificfields: fields.map(([value, p]) => ({ name: { value }, percent: p })),
    });
    it.each([
      ['domain shares totalling 90%', { science_field: [domain(90, [['Računarstvo', 100]])] }, /domain shares must total 100%/, 'domainSharesTotal'],
      ['a field given twice', { science_field: [domain(100, [['Računarstvo', 50], ['Računarstvo', 50]])] }, /fields appear more than once/, 'duplicateFields'],
      ['6657 CPU cores', { resources_numbers: { HPCnSlotsCPU: 6657 } }, /HPCnSlotsCPU: The number cannot be greater than 6656/, 'numberTooLarge'],
      ['a start after the end', { date_start: '2026-06-01', date_end: '2026-05-01' }, /date validation failed/, 'dateOrder'],
      ['a date past the ceiling', { date_end: '2027-02-02' }, /date_end: The date cannot be later than/, 'dateTooLate'],
      ['an unknown resource number', { resources_numbers: { HPCnSlotsCPU: 64, hacker: 1 } }, /Unknown field hacker/, 'unknownField'],
      ['a missing reason', { reason: undefined }, /reason: Required/, 'required'],
      ['a string where a number belongs', { resources_numbers: { HPCnSlotsCPU: '64' } }, /Wrong type/, 'invalidType'],
    ])('refuses %s with its message and the issue list', async (_what, change, message, key) => {
      const body = await refused('lead', GENERAL, generalRequest(change), 400, message);
      expect(body.status.key).toBe('validationFailed');
      expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ key })]));
    });

    it('refuses software that is not installed', async () => {
      const body = await refused('lead', GENERAL, generalRequest({ science_software: ['gromacs/2023.3-cuda', 'doom/1.9'] }), 400, 'Unknown application (not installed on the cluster): doom/1.9');
      expect(body.issues).toEqual([expect.objectContaining({ path: '/science_software/1' })]);
    });

    it('refuses an unknown or missing project type, a non-object body and malformed JSON', async () => {
      await refused('lead', GENERAL, generalRequest({ project_type: 'space-station' }), 400, /unknown project type "space-station"/);
      await refused('lead', GENERAL, generalRequest({ project_type: undefined }), 400, /project_type: Required/);
      await refused('lead', GENERAL, [1, 2], 400, /must be a JSON object/);
      const res = await t.app.inject({ method: 'POST', url: GENERAL, headers: { cookie: callers.lead.cookie, 'x-csrftoken': callers.lead.csrf, 'content-type': 'application/json' }, payload: '{"name":' });
      expect(res.statusCode).toBe(400);
    });

    it('refuses anonymous callers with the 401 envelope', async () => {
      const anon = await t.anonymous();
      const res = await t.app.inject({ method: 'POST', url: GENERAL, headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf }, payload: generalRequest() });
      expect(res.statusCode).toBe(401);
      expect(res.json().status.key).toBe('notAuthenticated');
    });
  });

  it('gives 50 concurrent submissions 50 distinct identifiers', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send('staff', GENERAL, generalRequest({ project_type: 'internal', name: `Paralelni ${i}` }))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const identifiers = answers.map((a) => a.json().identifier as string);
    expect(new Set(identifiers).size).toBe(50);
  });

  it('restarts the numbering in a new month by itself', async () => {
    const may = new Date(2031, 4, 10);
    expect(await nextIdentifier(t.ctx.db, 'NR', may)).toBe('NR-2031-05-001');
    expect(await nextIdentifier(t.ctx.db, 'NRI', may)).toBe('NRI-2031-05-002');
    expect(await nextIdentifier(t.ctx.db, 'NR', new Date(2031, 5, 1))).toBe('NR-2031-06-001');
  });
});

describe('request limits follow the schemas', () => {
  it('accepts 6657 CPU cores once HPCnSlotsCPU.maximum is raised in the schemas', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(defaultSchemasDir(), dir, { recursive: true });
    const file = join(dir, 'rules', 'resource-limits.json');
    const limits = JSON.parse(readFileSync(file, 'utf8'));
    limits.properties.HPCnSlotsCPU.maximum = 8000;
    writeFileSync(file, JSON.stringify(limits));
    const t = await startTestApp({ seed: false, schemas: loadSchemaSet(dir) });
    try {
      await addUser(t.ctx, 'staff', { is_staff: true });
      const staff = await t.login('staff');
      const res = await t.app.inject({
        method: 'POST',
        url: GENERAL,
        headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf },
        payload: generalRequest({ project_type: 'internal', science_software: [], resources_numbers: { HPCnSlotsCPU: 6657 } }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().resources_numbers).toEqual({ HPCnSlotsCPU: 6657 });
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
