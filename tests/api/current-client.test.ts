import { loadSchemaSet } from '../../src/schema-runtime/node';
import { mapCurrentClientBody } from '../../src/schema-runtime';
import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { runValidate } from '../../scripts/validate';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cookiesOf, startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

/**
 * The centre's current web client during a migration: its login, request submission, processing
 * save, software add and invitations, replayed as that client sends them (reference:
 * server-behaviour.md §2.1, §2.2), and what each one stored.
 */
const schemas = loadSchemaSet();
const ORIGIN = 'http://localhost:80';

/** The new-request form state as the current client posts it to projects-general/ (pages/new-requests/general.jsx). */
const currentClientRequest = {
  name: 'Računalna fizika 2026',
  reason: 'Vježbe iz numeričkih metoda za 30 studenata.',
  date_start: '2026-03-01',
  date_end: '2026-12-31',
  institute: 'Fakultet elektrotehnike i računarstva',
  project_type: 'practical',
  state: 'submit',
  science_software: [],
  science_extrasoftware: '',
  science_extrasoftware_help: false,
  // English labels, odd case: matched to our values.
  science_field: [
    { name: { label: 'technical sciences', value: 'TECHNICAL SCIENCES' }, percent: 100, scientificfields: [{ name: { label: 'Računarstvo', value: 'računarstvo' }, percent: 100 }] },
  ],
  // Empty strings for the numbers not asked for.
  resources_numbers: { HPCnSlotsCPU: 32, HPCnSlotsGPU: '', HPCnRAM: '', CLOUDnVM: '' },
  resources_type: [{ label: 'CPU', value: 'CPU' }],
  // Whole form state: fields the server does not use.
  formStep: 3,
  showSoftwareModal: false,
  usersList: [],
};

describe('the centre\'s current web client', () => {
  let standIn: StandIn;
  let t: TestApp;
  let staff: Caller;
  let leadId: number;
  beforeAll(async () => {
    // The stand-in registry knows the lead (by this OIB) and the collaborators of the lead's registry project.
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    t = await startTestApp({ seed: false, schemas, config: { registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 1000, retries: 0 } } });
    leadId = await addUser(t.ctx, 'lead', { person_oib: '20930726687', person_mail: 'ahorvat@fer.hr', person_institution: 'FER' });
    await addUser(t.ctx, 'staff', { is_staff: true, first_name: 'Marko', last_name: 'Babić' });
    staff = await t.login('staff');
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  describe('login without a CSRF token', () => {
    it.each([
      ['Origin', { origin: ORIGIN }],
      ['Sec-Fetch-Site', { 'sec-fetch-site': 'same-origin' }],
    ])('signs in when the browser shows the request is same-origin (%s)', async (_label, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', headers, payload: { username: 'lead', password: 'lead' } });
      expect(res.statusCode).toBe(200);
      const cookie = cookiesOf(res);
      const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive/', headers: { cookie } });
      expect(session.json()).toMatchObject({ active: true, userdetails: { username: 'lead' } });
    });

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: ORIGIN }],
      ['neither header', {}],
    ])('still refuses a token-less login with %s', async (_label, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', headers, payload: { username: 'lead', password: 'lead' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().status.key).toBe('csrfFailed');
      expect(res.cookies.find((c) => c.name.endsWith('_session'))).toBeUndefined();
    });
  });

  it('files a request sent as the whole form state and stores what it means', async () => {
    const lead = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/internal/projects-general/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf, origin: ORIGIN }, payload: currentClientRequest,
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.ctx.db.selectFrom('projects').selectAll().where('identifier', '=', res.json().identifier).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Računalna fizika 2026');
    expect(stored.resources_numbers).toEqual({ HPCnSlotsCPU: 32 });
    expect(stored.science_field).toEqual([
      { name: { label: 'Tehničke znanosti', value: 'Tehničke znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Računarstvo', value: 'Računarstvo' }, percent: 100 }] },
    ]);
  });

  it('still refuses what the fields the server uses cannot hold', async () => {
    const lead = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/internal/projects-general/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf },
      payload: { ...currentClientRequest, resources_numbers: { HPCnSlotsCPU: '32' }, science_field: [{ ...currentClientRequest.science_field[0], name: { value: 'Alchemy' } }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/resources_numbers/HPCnSlotsCPU', key: 'invalidType' })]));
  });

  it('saves the processing screen with the reference names and stores them as ours', async () => {
    const lead = await t.login('lead');
    const filed = await t.app.inject({
      method: 'POST', url: '/api/v1/internal/projects-general/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf }, payload: { ...currentClientRequest, name: 'Za obradu' },
    });
    const { identifier } = filed.json();
    // pages/manage-requests/change.jsx
    const body = {
      requestState: { submit: false, approve: true, deny: false, extend: false, expire: false },
      requestName: 'Za obradu (odobreno)',
      requestExplain: 'Vježbe iz numeričkih metoda.',
      requestResourceType: [{ label: 'CPU', value: 'CPU' }],
      scientificDomain: [{ name: { label: 'Natural Sciences', value: 'natural sciences' }, percent: 100, scientificfields: [{ name: { label: 'Physics', value: 'PHYSICS' }, percent: 100 }] }],
      scientificSoftware: [],
      scientificSoftwareExtra: 'julia',
      scientificSoftwareHelp: true,
      staff_requestResourceType: [{ label: 'CPU', value: 'CPU' }],
      resources_numbers: { HPCnSlotsCPU: 16, HPCnSlotsGPU: '' },
      date_start: '2026-03-01',
      date_end: '2026-12-31',
      staff_comment: '',
      staff_emailSend: false,
      identifier,
      name: 'Za obradu',
      reason: 'Vježbe iz numeričkih metoda za 30 studenata.',
      is_active: false,
      science_extrasoftware_help: true,
    };
    const res = await t.app.inject({
      method: 'POST', url: `/api/v1/internal/projects/${encodeURIComponent(identifier)}`, headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf, origin: ORIGIN }, payload: body,
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('projects')
      .innerJoin('states', 'states.id', 'projects.state_id')
      .selectAll('projects')
      .select('states.name as state')
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      state: 'approve',
      name: 'Za obradu (odobreno)',
      reason: 'Vježbe iz numeričkih metoda.',
      science_extrasoftware: 'julia',
      science_extrasoftware_help: true,
      staff_resources_type: [{ label: 'CPU', value: 'CPU' }],
      resources_numbers: { HPCnSlotsCPU: 16 },
    });
    expect(stored.science_field).toEqual([
      { name: { label: 'Prirodne znanosti', value: 'Prirodne znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Fizika', value: 'Fizika' }, percent: 100 }] },
    ]);
  });

  it('adds software whose person is a display name, by the username sent beside it', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/internal/science-software/', headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf, origin: ORIGIN },
      payload: { newAppModuleName: 'lammps/2024.2', newAppAddedBy: { label: 'Marko Babić', value: 'Marko Babić' }, username: 'staff' },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.ctx.db.selectFrom('science_software').selectAll().where('name', '=', 'lammps/2024.2').executeTakeFirstOrThrow();
    expect(row.added_by).toEqual({ first_name: 'Marko', last_name: 'Babić', username: 'staff' });
  });

  describe('software add, sent as the whole form state of the software page', () => {
    const URL = '/api/v1/internal/science-software/';
    /** The page's form state on save (pages/software): the list it shows, its search fields, the new entry. */
    const formState = async (newAppModuleName: string) => ({
      applications: (await t.app.inject({ method: 'GET', url: URL, headers: { cookie: staff.cookie } })).json(),
      searchName: '',
      searchCreated: '',
      searchAddedBy: '',
      newAppModuleName,
      newAppAddedBy: { value: 'Marko Babić', label: 'Marko Babić' },
      username: 'staff',
    });
    const post = (caller: Caller, payload: object) =>
      t.app.inject({ method: 'POST', url: URL, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf, origin: ORIGIN }, payload });
    const listed = async () => (await t.app.inject({ method: 'GET', url: URL, headers: { cookie: staff.cookie } })).json().map((s: { name: string }) => s.name);

    it('stores the entry and ignores the rest of the form', async () => {
      const res = await post(staff, await formState('gromacs/2024.1-cuda'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'gromacs/2024.1-cuda', added_by: { first_name: 'Marko', last_name: 'Babić', username: 'staff' } });
      expect(await listed()).toContain('gromacs/2024.1-cuda');
      // A second save of the same page state, now listing the entry, is the usual duplicate.
      expect((await post(staff, await formState('gromacs/2024.1-cuda'))).statusCode).toBe(409);
    });

    it('still refuses a caller who is not staff', async () => {
      const lead = await t.login('lead');
      const res = await post(lead, await formState('namd/3.0'));
      expect(res.statusCode).toBe(403);
      expect(res.json().status.key).toBe('forbidden');
      expect(await listed()).not.toContain('namd/3.0');
    });

    it('still refuses a bad modulefile name with the same message as without the form state', async () => {
      const bare = await post(staff, { newAppModuleName: 'two words', newAppAddedBy: { value: 'staff', label: 'Marko Babić' } });
      const whole = await post(staff, await formState('two words'));
      expect(whole.statusCode).toBe(400);
      expect(whole.json().status).toEqual(bare.json().status);
      expect(whole.json().issues).toEqual([expect.objectContaining({ path: '/newAppModuleName' })]);
    });
  });

  describe('invitations, sent as the whole form state of the membership page', () => {
    const URL = '/api/v1/internal/invites/';
    /** UsersTableGeneral's form on submit: untouched fields keep their default '' (collaboratorUids is staff's add-existing-users field). */
    const formState = (project: { identifier: string; id: number }, fields: Record<string, unknown>) => ({
      collaboratorEmails: '',
      collaboratorUids: '',
      foreignCollaboratorEmails: '',
      ...fields,
      type: 'add',
      project: project.identifier,
      projectid: project.id,
    });
    const send = async (payload: object) => {
      const lead = await t.login('lead');
      return t.app.inject({ method: 'POST', url: URL, headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf, origin: ORIGIN }, payload });
    };
    const invitesOf = (projectId: number) =>
      t.ctx.db.selectFrom('invites').select(['email', 'invtype']).where('project_id', '=', projectId).orderBy('email').execute();
    let thesis: { identifier: string; id: number };
    let practical: { identifier: string; id: number };
    beforeAll(async () => {
      thesis = { identifier: 'NR-CC-1', id: await addProject(t.ctx, 'NR-CC-1', 'approve', [[leadId, 'lead']], 'thesis') };
      practical = { identifier: 'NR-CC-2', id: await addProject(t.ctx, 'NR-CC-2', 'approve', [[leadId, 'lead']], 'practical') };
    });

    it('invites local collaborators; the untouched foreign field and collaboratorUids are not given', async () => {
      const res = await send(formState(thesis, { collaboratorEmails: [{ label: 'ivan@fer.hr', value: 'ivan@fer.hr' }] }));
      expect(res.statusCode).toBe(200);
      expect(await invitesOf(thesis.id)).toEqual([{ email: 'ivan@fer.hr', invtype: 'local' }]);
    });

    it('invites foreign collaborators alone, with the local field left untouched', async () => {
      const res = await send(formState(practical, { foreignCollaboratorEmails: [{ label: 'jane@uni.example', value: 'jane@uni.example' }] }));
      expect(res.statusCode).toBe(200);
      expect(await invitesOf(practical.id)).toEqual([{ email: 'jane@uni.example', invtype: 'foreign' }]);
    });

    it('still refuses what the fields it knows cannot hold', async () => {
      const badAddress = await send(formState(thesis, { collaboratorEmails: [{ label: 'x', value: 'not an address' }] }));
      expect(badAddress.statusCode).toBe(400);
      expect(badAddress.json().issues).toEqual([expect.objectContaining({ path: '/collaboratorEmails/0/value' })]);
      // A text other than the untouched '' is no list of addresses.
      const text = await send(formState(thesis, { collaboratorEmails: 'ivan@fer.hr' }));
      expect(text.statusCode).toBe(400);
      expect(text.json().issues).toEqual([expect.objectContaining({ path: '/collaboratorEmails' })]);
      // Nothing to send at all is still refused.
      expect((await send(formState(thesis, {}))).statusCode).toBe(400);
      expect(await invitesOf(thesis.id)).toEqual([{ email: 'ivan@fer.hr', invtype: 'local' }]);
    });

    describe('from the membership page of a registry-based project, without projectid', () => {
      /** The registry id of the lead's research project in the stand-in registry (collaborators mnovak, collab and newbie). */
      const REGISTRY_PROJECT = 27031;
      /** UsersTableCroris's form on submit: the registry collaborators picked and the foreign addresses, the project by identifier only. */
      const registryFormState = (identifier: string, fields: Record<string, unknown>) => ({
        collaboratorEmails: '',
        foreignCollaboratorEmails: '',
        ...fields,
        type: 'add',
        project: identifier,
      });
      const outboxTo = (email: string) => t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'invite').where('to_addr', '=', email).execute();
      const keyOf = async (projectId: number, email: string) =>
        (await t.ctx.db.selectFrom('invites').select('key').where('project_id', '=', projectId).where('email', '=', email).executeTakeFirstOrThrow()).key;
      let research: { identifier: string; id: number };
      let othersResearch: { identifier: string; id: number };
      beforeAll(async () => {
        research = { identifier: 'NRC-CC-1', id: await addProject(t.ctx, 'NRC-CC-1', 'approve', [[leadId, 'lead']], 'research-croris') };
        await t.ctx.db.updateTable('projects').set({ croris_id: REGISTRY_PROJECT }).where('id', '=', research.id).execute();
        const otherLead = await addUser(t.ctx, 'mnovak', { first_name: 'Marija', last_name: 'Novak', person_mail: 'mnovak@irb.hr', person_oib: '82998169318' });
        othersResearch = { identifier: 'NRC-CC-2', id: await addProject(t.ctx, 'NRC-CC-2', 'approve', [[otherLead, 'lead']], 'research-croris') };
      });

      it('finds the project by its identifier and invites as for the usual body: registry rules, stored invitation, mail in the outbox', async () => {
        const res = await send(registryFormState(research.identifier, {
          collaboratorEmails: [{ label: 'Ivan Kovačević', value: 'ivan.kovacevic@gmail.com' }, { label: 'outsider@example.org', value: 'outsider@example.org' }],
          foreignCollaboratorEmails: [{ label: 'guest@uni.example', value: 'guest@uni.example' }],
        }));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          status: { code: 200, message: 'Invitations sent' },
          sent: ['ivan.kovacevic@gmail.com', 'guest@uni.example'],
          // Local addresses still only as the registry lists them for this project.
          skipped: [{ email: 'outsider@example.org', reason: 'not a collaborator of this project in CroRIS' }],
        });
        const stored = await t.ctx.db.selectFrom('invites').select(['email', 'invtype', 'person_oib', 'inviter_id', 'accepted']).where('project_id', '=', research.id).orderBy('email').execute();
        expect(stored).toEqual([
          { email: 'guest@uni.example', invtype: 'foreign', person_oib: '', inviter_id: leadId, accepted: false },
          { email: 'ivan.kovacevic@gmail.com', invtype: 'local', person_oib: '13625737435', inviter_id: leadId, accepted: false },
        ]);

        // The usual body (with projectid) for another registry collaborator: the same mail, but for its key.
        const usual = await send({ ...registryFormState(research.identifier, { collaboratorEmails: [{ label: 'lmaric@fer.hr', value: 'lmaric@fer.hr' }] }), projectid: research.id });
        expect(usual.statusCode).toBe(200);
        const [withoutId] = await outboxTo('ivan.kovacevic@gmail.com');
        const [withId] = await outboxTo('lmaric@fer.hr');
        const ivanKey = await keyOf(research.id, 'ivan.kovacevic@gmail.com');
        expect(withoutId.subject).toBe(`Poziv na projekt "Projekt NRC-CC-1" na usluzi ${t.ctx.schemas.service.serviceName.hr}`);
        expect(withoutId.body).toContain(`/ui/login-email/${ivanKey}\n`);
        expect(withoutId.body).toContain('Projekt NRC-CC-1');
        expect(withoutId.subject).toBe(withId.subject);
        expect(withoutId.body.replace(ivanKey, 'KEY')).toBe(withId.body.replace(await keyOf(research.id, 'lmaric@fer.hr'), 'KEY'));
        const [foreign] = await outboxTo('guest@uni.example');
        expect(foreign.body).toContain(`/ui/login-email/${await keyOf(research.id, 'guest@uni.example')}/en`);
      });

      it('still refuses an identifier of a project the caller is not a member of, an unknown one and one the id contradicts', async () => {
        const outboxBefore = await t.ctx.db.selectFrom('outbox').select('id').execute();
        const addresses = { collaboratorEmails: [{ label: 'lmaric@fer.hr', value: 'lmaric@fer.hr' }], foreignCollaboratorEmails: [{ label: 'guest@uni.example', value: 'guest@uni.example' }] };
        const notMember = await send(registryFormState(othersResearch.identifier, addresses));
        expect(notMember.statusCode).toBe(403);
        expect(notMember.json().status.message).toMatch(/Not allowed to send invitations for given project/);
        const unknown = await send(registryFormState('NRC-CC-404', addresses));
        expect(unknown.statusCode).toBe(404);
        // Both given, they must still name the same project.
        const differ = await send({ ...registryFormState(othersResearch.identifier, addresses), projectid: research.id });
        expect(differ.statusCode).toBe(400);
        expect(differ.json().status.message).toMatch(/do not name the same project/);
        expect(await invitesOf(othersResearch.id)).toEqual([]);
        expect(await t.ctx.db.selectFrom('outbox').select('id').execute()).toHaveLength(outboxBefore.length);
      });
    });
  });

  it('lets the QA tool report ignored fields as warnings, not errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compat-'));
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify(currentClientRequest));
    const lines: string[] = [];
    expect(runValidate(['requests/practical-class', file], (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual(expect.arrayContaining(['warning: /formStep: unknown field, ignored', 'warning: /usersList: unknown field, ignored']));
    expect(mapCurrentClientBody(schemas, 'rules/resource-limits', { hacker: 1 }).body).toEqual({ hacker: 1 });
  });
});
