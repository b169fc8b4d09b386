import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'date-fns';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { apiKey } from '../support/accounting';
import { generalRequest } from '../../harness/request-payloads';
import {
  createCurrentSource,
  SOURCE_PROJECT_TYPE,
  SOURCE_ROLE,
  SOURCE_SSH_KEYS,
  SOURCE_STATE,
  sourceDateExtend,
  sourceInvitation,
  sourceKey,
  sourceMembership,
  sourceProject,
  sourceSoftware,
  sourceStaffComment,
  sourceUser,
  type CurrentSource,
  djangoPbkdf2,
} from '../../scripts/lib/current-source';
import { importCurrent } from '../../src/server/import-current/import-current';
import { unacceptedRefusals, type ImportReport } from '../../src/server/import-current/report';

const month = format(new Date(), 'yyyy-MM');
const CODE = `NR-${month}-007`;

describe('import from the current portal', () => {
  let t: TestApp;
  let source: CurrentSource;
  let first: ImportReport;
  const run = (options: Parameters<typeof importCurrent>[3] = {}) => importCurrent(t.ctx.db, source.db, t.ctx.schemas, options);
  const send = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, ...(payload ? { payload } : {}) });
  const refusal = (report: ImportReport, table: string, id: number) => report.refused.find((r) => r.table === table && r.id === id);
  const userHere = (username: string) => t.ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    source = await createCurrentSource();
    const s = source.db;
    await s.insertInto('backend_user').values([
      sourceUser({ id: 1, username: 'ana.horvat@fer.hr', password: djangoPbkdf2('stara-lozinka', 'seasalt'), person_username: 'ahorvat', person_oib: '12345678903' }),
      sourceUser({ id: 2, username: 'marko.staff@srce.hr', is_staff: true, is_superuser: true, person_username: 'mstaff' }),
      sourceUser({ id: 3, username: 'ivan.kovacevic@pmf.hr', person_username: 'ikovacev', person_mail: 'shared@pmf.hr' }),
      sourceUser({ id: 4, username: 'novak@irb.hr', password: djangoPbkdf2('novak-lozinka', 'pepper'), person_username: 'mnovak', person_mail: 'shared@pmf.hr' }),
      // The same national id as Ana: refused as a conflict.
      sourceUser({ id: 5, username: 'ana.dup@fer.hr', person_oib: '12345678903', person_username: 'adup' }),
      sourceUser({ id: 6, username: 'bad.oib@fer.hr', person_oib: '12AB', person_username: 'badoib' }),
    ]).execute();
    await s.insertInto('backend_sciencesoftware').values([sourceSoftware({ id: 1 }), sourceSoftware({ id: 2 })]).execute();
    await s.insertInto('backend_project').values([
      // Numbers as text and blanks as empty strings, as the current portal stored them.
      sourceProject({ id: 1, identifier: CODE, state_id: SOURCE_STATE.approve, project_type_id: SOURCE_PROJECT_TYPE.practical, resources_numbers: { HPCnSlotsCPU: '8', HPCnSlotsGPU: '', HPCnSlotsRAM: '32' } }),
      sourceProject({ id: 2, identifier: `NR-${month}-003`, state_id: SOURCE_STATE.deny }),
      // Domain shares total 90: refused as invalid.
      sourceProject({
        id: 3,
        identifier: `NRI-${month}-002`,
        science_field: [{ name: { label: 'Prirodne znanosti', value: 'Prirodne znanosti' }, percent: '90', scientificfields: [{ name: { label: 'Fizika', value: 'Fizika' }, percent: 100 }] }],
      }),
    ]).execute();
    await s.insertInto('backend_userproject').values([
      sourceMembership({ id: 1, user_id: 1, project_id: 1, role_id: SOURCE_ROLE.lead }),
      sourceMembership({ id: 2, user_id: 3, project_id: 1, role_id: SOURCE_ROLE.collaborator }),
      sourceMembership({ id: 3, user_id: 1, project_id: 2 }),
      sourceMembership({ id: 4, user_id: 1, project_id: 3 }),
      sourceMembership({ id: 5, user_id: 5, project_id: 1, role_id: SOURCE_ROLE.collaborator }),
    ]).execute();
    await s.insertInto('backend_sshpublickey').values([
      sourceKey({ id: 1, user_id: 1 }),
      sourceKey({ id: 2, user_id: 1 }),
      sourceKey({ id: 3, user_id: 3 }),
      sourceKey({ id: 4, user_id: 5 }),
      sourceKey({ id: 6, user_id: 3, name: 'pogresan', public_key: 'ssh-ed25519 nije-kljuc', fingerprint: 'x' }),
    ]).execute();
    await s.insertInto('backend_custominvitation').values([sourceInvitation({ id: 1, project_id: 1, inviter_id: 1, sent: new Date(Date.now() - 86_400_000) })]).execute();
    await s.insertInto('backend_staffcomment').values([sourceStaffComment({ id: 1, project_id: 2 })]).execute();
    await s.insertInto('backend_dateextend').values([sourceDateExtend({ id: 1, project_id: 1 })]).execute();
    first = await run();
  });
  afterAll(async () => {
    await source.close();
    await t.close();
  });

  it('imports rows of every kind and counts them per entity', () => {
    expect(first.entities).toEqual({
      users: { source: 6, new: 4, changed: 0, unchanged: 0, refused: 2, removed: 0 },
      software: { source: 2, new: 2, changed: 0, unchanged: 0, refused: 0, removed: 0 },
      projects: { source: 3, new: 2, changed: 0, unchanged: 0, refused: 1, removed: 0 },
      memberships: { source: 5, new: 3, changed: 0, unchanged: 0, refused: 2, removed: 0 },
      keys: { source: 5, new: 3, changed: 0, unchanged: 0, refused: 2, removed: 0 },
      invitations: { source: 1, new: 1, changed: 0, unchanged: 0, refused: 0, removed: 0 },
      comments: { source: 1, new: 1, changed: 0, unchanged: 0, refused: 0, removed: 0 },
      extensions: { source: 1, new: 1, changed: 0, unchanged: 0, refused: 0, removed: 0 },
    });
    expect(first.changes).toBe(17);
  });

  it('lists refused rows with their table, id and reason, and leaves nothing of them behind', async () => {
    expect(refusal(first, 'backend_user', 5)).toMatchObject({ kind: 'conflict', reason: expect.stringContaining('national id "12345678903" is already used by source user 1') });
    expect(refusal(first, 'backend_user', 6)).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('not 11 digits') });
    expect(refusal(first, 'backend_project', 3)).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/^\/science_field: .*100/) });
    expect(refusal(first, 'backend_userproject', 4)).toMatchObject({ kind: 'orphan', reason: expect.stringContaining('its project 3 is not imported') });
    expect(refusal(first, 'backend_userproject', 5)).toMatchObject({ kind: 'orphan', reason: expect.stringContaining('its user 5 is not imported') });
    expect(refusal(first, 'backend_sshpublickey', 4)).toMatchObject({ kind: 'orphan' });
    expect(refusal(first, 'backend_sshpublickey', 6)).toMatchObject({ kind: 'invalid' });
    expect(first.conflicts).toEqual(
      expect.arrayContaining([
        { what: 'national id', value: '12345678903', table: 'backend_user', ids: [1, 5], outcome: 'refused' },
        { what: 'e-mail', value: 'shared@pmf.hr', table: 'backend_user', ids: [3, 4], outcome: 'imported' },
      ]),
    );
    expect(await userHere('ana.dup@fer.hr')).toBeUndefined();
    expect(await userHere('bad.oib@fer.hr')).toBeUndefined();
    expect(await t.ctx.db.selectFrom('projects').select('id').where('identifier', '=', `NRI-${month}-002`).executeTakeFirst()).toBeUndefined();
    expect(unacceptedRefusals(first)).toHaveLength(7);
  });

  it('keeps usernames, cluster logins, national ids, e-mails, flags and dates', async () => {
    const src = await source.db.selectFrom('backend_user').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await userHere('ana.horvat@fer.hr')).toMatchObject({
      person_username: 'ahorvat',
      person_oib: '12345678903',
      person_mail: src.person_mail,
      person_uniqueid: src.person_uniqueid,
      date_joined: src.date_joined,
      is_staff: false,
    });
    expect(await userHere('marko.staff@srce.hr')).toMatchObject({ is_staff: true, is_superuser: true, password_hash: null });
    const project = await source.db.selectFrom('backend_project').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const here = await t.ctx.db.selectFrom('projects').selectAll().where('identifier', '=', CODE).executeTakeFirstOrThrow();
    expect(here).toMatchObject({ name: project.name, date_submitted: project.date_submitted, date_approved: project.date_approved, is_active: true });
    expect(here.resources_numbers).toEqual({ HPCnSlotsCPU: 8, HPCnSlotsRAM: 32 });
  });

  it('computes each key fingerprint as ssh-keygen does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    try {
      const keys = await t.ctx.db.selectFrom('ssh_keys').select(['public_key', 'fingerprint']).execute();
      expect(keys).toHaveLength(3);
      for (const key of keys) {
        writeFileSync(join(dir, 'k.pub'), `${key.public_key}\n`);
        const printed = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', join(dir, 'k.pub')], { encoding: 'utf8' });
        expect(printed.split(/\s+/)[1]).toBe(`MD5:${key.fingerprint}`);
      }
      expect(keys.map((k) => k.public_key)).toEqual(expect.arrayContaining([SOURCE_SSH_KEYS[0].public_key, SOURCE_SSH_KEYS[1].public_key]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets a local user sign in with the old password, and the next request code follows the highest imported one', async () => {
    const ana = await t.login('ana.horvat@fer.hr', 'stara-lozinka');
    expect((await userHere('ana.horvat@fer.hr'))!.password_hash).toMatch(/^scrypt\$/);
    const projects = await send(ana, 'GET', '/api/v1/internal/projects/');
    expect(projects.json().map((p: { identifier: string }) => p.identifier)).toEqual(expect.arrayContaining([CODE]));
    const filed = await send(ana, 'POST', '/api/v1/internal/projects-general/', generalRequest({ science_software: [] }));
    expect(filed.statusCode).toBe(201);
    expect(filed.json().identifier).toBe(`NR-${month}-008`);
  });

  it('accepts an invitation by its old link', async () => {
    const key = (await source.db.selectFrom('backend_custominvitation').select('key').where('id', '=', 1).executeTakeFirstOrThrow()).key;
    const novak = await t.login('novak@irb.hr', 'novak-lozinka');
    const accepted = await send(novak, 'POST', `/api/v1/internal/invites/${key}`);
    expect(accepted.statusCode).toBe(201);
    const membership = await t.ctx.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .innerJoin('projects', 'projects.id', 'memberships.project_id')
      .select('projects.identifier')
      .where('users.username', '=', 'novak@irb.hr')
      .execute();
    expect(membership).toEqual([{ identifier: CODE }]);
  });

  it('answers the imported users and keys on the external API', async () => {
    const key = await apiKey(t, ['read']);
    const get = (url: string) => t.app.inject({ url, headers: { authorization: `Api-Key ${key}` } });
    const members = (await get('/api/v1/usersprojects')).json() as { user: { username: string; person_username: string }; project: { identifier: string } }[];
    expect(members).toEqual(expect.arrayContaining([expect.objectContaining({ user: expect.objectContaining({ person_username: 'ahorvat' }), project: expect.objectContaining({ identifier: CODE }) })]));
    const keys = (await get('/api/v1/sshkeys')).json() as { public_key: string }[];
    expect(keys.map((k) => k.public_key)).toEqual(expect.arrayContaining([SOURCE_SSH_KEYS[0].public_key]));
  });

  it('changes nothing when run again over an unchanged source, and says so', async () => {
    const again = await run();
    expect(again.changes).toBe(0);
    expect(again.entities.users).toEqual({ source: 6, new: 0, changed: 0, unchanged: 4, refused: 2, removed: 0 });
    expect(again.entities.keys).toMatchObject({ new: 0, changed: 0, unchanged: 3 });
    expect(again.counter).toEqual({ month, last: 8 });
  });

  it('brings exactly the differences of a changed source, reports removed rows and keeps them', async () => {
    await source.db.updateTable('backend_user').set({ first_name: 'Ivo' }).where('id', '=', 3).execute();
    await source.db.insertInto('backend_sshpublickey').values(sourceKey({ id: 7, user_id: 3 })).execute();
    await source.db.deleteFrom('backend_staffcomment').where('id', '=', 1).execute();
    await source.db.updateTable('backend_project').set({ resources_numbers: JSON.stringify({ HPCnSlotsCPU: '99999' }) as never }).where('id', '=', 1).execute();
    const report = await run();
    expect(report.changes).toBe(2);
    expect(report.entities.users).toMatchObject({ changed: 1, new: 0 });
    expect(report.entities.keys).toMatchObject({ new: 1, changed: 0 });
    expect(report.entities.comments).toMatchObject({ removed: 1, unchanged: 0 });
    expect(report.entities.projects).toMatchObject({ refused: 2, changed: 0 });
    expect(refusal(report, 'backend_project', 1)?.reason).toContain('6656');
    expect(report.removed).toEqual([expect.objectContaining({ table: 'backend_staffcomment', id: 1 })]);
    expect((await userHere('ivan.kovacevic@pmf.hr'))!.first_name).toBe('Ivo');
    expect(await t.ctx.db.selectFrom('staff_comments').select('id').execute()).toHaveLength(1);
    // The refused change leaves the project as it was imported.
    const project = await t.ctx.db.selectFrom('projects').select('resources_numbers').where('identifier', '=', CODE).executeTakeFirstOrThrow();
    expect((project.resources_numbers as Record<string, number>).HPCnSlotsCPU).toBeLessThan(6657);
  });

  it('writes nothing in a dry run and marks accepted refusals', async () => {
    await source.db.insertInto('backend_user').values(sourceUser({ id: 9, username: 'new.person@fer.hr', person_username: 'nperson' })).execute();
    const before = await t.ctx.db.selectFrom('import_map').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dry = await run({ dryRun: true, accept: [{ table: 'backend_user', id: 5 }] });
    expect(dry.entities.users).toMatchObject({ new: 1 });
    expect(await userHere('new.person@fer.hr')).toBeUndefined();
    expect(await t.ctx.db.selectFrom('import_map').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    expect(refusal(dry, 'backend_user', 5)?.accepted).toBe(true);
    expect(refusal(dry, 'backend_user', 6)?.accepted).toBeUndefined();
  });
});
