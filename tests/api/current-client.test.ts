import { loadSchemaSet } from '../../src/schema-runtime/node';
import { mapCurrentClientBody } from '../../src/schema-runtime';
import { runValidate } from '../../scripts/validate';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cookiesOf, startTestApp, type Caller, type TestApp } from '../support/test-app';
import { addUser } from '../support/fixtures';

/**
 * The centre's current web client during a migration: its login, request submission, processing
 * save and software add, replayed as that client sends them (reference: server-behaviour.md
 * §2.1, §2.2), and what each one stored.
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
  let t: TestApp;
  let staff: Caller;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    await addUser(t.ctx, 'lead', { person_oib: '20930726687', person_mail: 'ahorvat@fer.hr', person_institution: 'FER' });
    await addUser(t.ctx, 'staff', { is_staff: true, first_name: 'Marko', last_name: 'Babić' });
    staff = await t.login('staff');
  });
  afterAll(() => t.close());

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
