import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { apiKey } from '../support/accounting';
import { revokeApiKey } from '../../src/server/api-keys/api-keys';
import { loadExternalMaps } from '../../src/server/external/external-maps';
import { loadSchemaSet } from '../../src/schema-runtime/node';

const tags = (values: string[]) => JSON.stringify(values.map((value) => ({ label: value, value })));
const science = JSON.stringify([
  { name: { label: 'Tehničke znanosti', value: 'Tehničke znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Računarstvo', value: 'Računarstvo' }, percent: 100 }] },
]);

describe('external API for provisioning', () => {
  let t: TestApp;
  let key: string;
  let mapsDir: string;
  const ids: Record<string, number> = {};
  /** GET with the read key, another Authorization header, or none (null). */
  const get = (url: string, auth: string | null = `Api-Key ${key}`, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...(auth ? { authorization: auth } : {}), ...headers } });

  beforeAll(async () => {
    mapsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maps-'));
    const mapsFile = path.join(mapsDir, 'maps.json');
    fs.writeFileSync(
      mapsFile,
      JSON.stringify({
        identifierRewrites: [{ from: 'Grant agreement ID: ', to: '' }, { from: '/', to: '-' }],
        institutions: [{ name: 'FER', fullName: 'Fakultet elektrotehnike i računarstva', oib: '57029260362', mbu: '036', realm: 'fer.hr' }],
        realms: [{ from: 'Ruđer', to: 'irb.hr' }],
      }),
    );
    t = await startTestApp({ seed: false, config: { externalApiMaps: mapsFile } });
    key = await apiKey(t, ['read']);
    const ana = await addUser(t.ctx, 'ana', { person_username: 'ahorvat', person_mail: 'ana@fer.hr', person_institution: 'FER', person_uniqueid: 'ana@fer.hr' });
    const ivan = await addUser(t.ctx, 'ivan', { first_name: 'Ivan', last_name: 'Kos', person_username: 'ikos', person_mail: 'ivan@irb.hr', person_institution: 'IRB' });
    const project = async (identifier: string, state: string, institute: string, granted: string[], members: [number, 'lead' | 'collaborator'][]) => {
      ids[identifier] = await addProject(t.ctx, identifier, state, members);
      await t.ctx.db
        .updateTable('projects')
        .set({ institute, staff_resources_type: tags(granted), science_field: science, is_active: ['approve', 'extend', 'approve-expire'].includes(state), date_approved: '2026-01-05T10:00:00Z' })
        .where('id', '=', ids[identifier])
        .execute();
    };
    await project('Grant agreement ID: 101/55', 'approve', 'FER', ['CPU', 'GPU'], [[ana, 'lead'], [ivan, 'collaborator']]);
    await project('NR-CLOUD', 'extend', 'Institut Ruđer Bošković', ['CLOUD'], [[ivan, 'lead']]);
    await project('NR-ENDED', 'expire', 'FER', ['CPU'], [[ana, 'lead']]);
    await project('NR-REQUEST', 'submit', 'FER', [], [[ana, 'lead']]);
    await t.ctx.db.insertInto('ssh_keys').values({ user_id: ana, name: 'laptop', fingerprint: 'aa:bb', public_key: 'ssh-ed25519 AAAA ana' }).execute();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(mapsDir, { recursive: true, force: true });
  });

  it('lists memberships on active projects, filtered by any tag and by exact identifiers', async () => {
    const all = (await get('/api/v1/usersprojects')).json() as { user: { username: string; person_username: string }; project: { identifier: string; staff_resources_type: string[]; state: string; project_type: string } }[];
    expect(all.map((r) => [r.user.username, r.project.identifier])).toEqual([
      ['ana', 'Grant agreement ID: 101/55'],
      ['ivan', 'Grant agreement ID: 101/55'],
      ['ivan', 'NR-CLOUD'],
    ]);
    expect(all[0].project).toMatchObject({ staff_resources_type: ['CPU', 'GPU'], state: 'approve', project_type: 'practical' });
    expect(all[0].user.person_username).toBe('ahorvat');
    const byTag = (await get('/api/v1/usersprojects?tags=GPU,CLOUD')).json() as unknown[];
    expect(byTag).toHaveLength(3);
    const cloud = (await get('/api/v1/usersprojects?tags=CLOUD')).json() as { project: { identifier: string } }[];
    expect(cloud.map((r) => r.project.identifier)).toEqual(['NR-CLOUD']);
    // Exact identifiers: 'NR' is a part of 'NR-CLOUD' and matches nothing.
    expect((await get('/api/v1/usersprojects?projects=NR')).json()).toEqual([]);
    expect(((await get('/api/v1/usersprojects?projects=NR-CLOUD,NR-ENDED')).json() as unknown[]).length).toBe(1);
  });

  it('lists every SSH key with its owner cluster username', async () => {
    expect((await get('/api/v1/sshkeys')).json()).toEqual([
      expect.objectContaining({ name: 'laptop', fingerprint: 'aa:bb', public_key: 'ssh-ed25519 AAAA ana', user: { id: expect.any(Number), person_username: 'ahorvat' } }),
    ]);
  });

  it('lists approved projects with institution, realm, rewritten identifier, plain science fields, tags and people', async () => {
    const list = (await get('/api/v1/accounting/projectsusers')).json() as Record<string, unknown>[];
    expect(list.map((p) => p.sifra)).toEqual(['101-55', 'NR-CLOUD', 'NR-ENDED']);
    expect(list[0]).toMatchObject({
      id: ids['Grant agreement ID: 101/55'],
      date_approved: '2026-01-05',
      type: 'practical',
      ustanova: { naziv: 'Fakultet elektrotehnike i računarstva', oib: '57029260362', mbu: '036' },
      realm: 'fer.hr',
      croris_url: '',
      finance: ['FER'],
      science_field: [{ name: 'Tehničke znanosti', percent: 100, scientificfields: [{ name: 'Računarstvo', percent: 100 }] }],
      approved_resources: ['CPU', 'GPU'],
      users: [
        { id: expect.any(Number), uid: 'ana@fer.hr', ime: 'Ana', prezime: 'Horvat', mail: 'ana@fer.hr', ustanova: 'FER' },
        expect.objectContaining({ ime: 'Ivan', prezime: 'Kos', ustanova: 'IRB' }),
      ],
    });
    expect(list[1]).toMatchObject({ ustanova: { naziv: 'Institut Ruđer Bošković', oib: '', mbu: '' }, realm: 'irb.hr' });
  });

  it('filters approved projects by any tag, by exactly these tags, and by one exact tag', async () => {
    const sifre = async (query: string) => ((await get(`/api/v1/accounting/projectsusers?${query}`)).json() as { sifra: string }[]).map((p) => p.sifra);
    expect(await sifre('tags=CPU,CLOUD')).toEqual(['101-55', 'NR-CLOUD', 'NR-ENDED']);
    expect(await sifre('tags=CPU,CLOUD&op=OR')).toEqual(['101-55', 'NR-CLOUD', 'NR-ENDED']);
    expect(await sifre('tags=GPU,CPU&op=AND')).toEqual(['101-55']);
    expect(await sifre('tags=CPU&op=AND')).toEqual(['NR-ENDED']);
    expect(await sifre('tag=CPU')).toEqual(['NR-ENDED']);
    const bad = await get('/api/v1/accounting/projectsusers?tags=CPU&op=XOR');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.key).toBeDefined();
  });

  it('shows a change at the next call', async () => {
    await t.ctx.db.updateTable('users').set({ person_username: 'ahorvat2' }).where('username', '=', 'ana').execute();
    const keys = (await get('/api/v1/sshkeys')).json() as { user: { person_username: string } }[];
    expect(keys[0].user.person_username).toBe('ahorvat2');
    await t.ctx.db.updateTable('projects').set({ is_active: false }).where('identifier', '=', 'NR-CLOUD').execute();
    expect(((await get('/api/v1/usersprojects?tags=CLOUD')).json() as unknown[]).length).toBe(0);
  });

  it('refuses callers without a valid key of scope read, and session cookies', async () => {
    expect((await get('/api/v1/sshkeys', null)).statusCode).toBe(403);
    expect((await get('/api/v1/sshkeys', 'Api-Key nonsense')).statusCode).toBe(403);
    const writer = await apiKey(t, ['accounting:write']);
    expect((await get('/api/v1/usersprojects', `Api-Key ${writer}`)).statusCode).toBe(403);
    const staff = await t.login('ana');
    expect((await get('/api/v1/usersprojects', null, { cookie: staff.cookie })).statusCode).toBe(403);
    const revoked = await apiKey(t, ['read']);
    await revokeApiKey(t.ctx.db, revoked.split('.')[0]);
    const res = await get('/api/v1/accounting/projectsusers', `Api-Key ${revoked}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('the external API maps file', () => {
  it('stops the start with the file and its problems named when it breaks the format', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maps-'));
    const file = path.join(dir, 'maps.json');
    try {
      fs.writeFileSync(file, JSON.stringify({ institutions: [{ name: 'FER', oib: '123' }] }));
      expect(() => loadExternalMaps(loadSchemaSet(), file)).toThrow(new RegExp(`EXTERNAL_API_MAPS ${file}:\\n/institutions/0/oib`));
      fs.writeFileSync(file, '{ not json');
      expect(() => loadExternalMaps(loadSchemaSet(), file)).toThrow(/EXTERNAL_API_MAPS .*JSON/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
