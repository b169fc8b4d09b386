import { format, addDays } from 'date-fns';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { startCurrentPortalStandIn, type CurrentPortalStandIn } from '../support/current-portal-stand-in';
import { createCurrentSource, sourceApiKey, sshEd25519Key, type CurrentSource } from '../../scripts/lib/current-source';
import { fillGappedSource, GAPPED_IDS, SOURCE_MONTH } from '../support/gapped-current-source';
import { importCurrent } from '../../src/server/import-current/import-current';
import { compareClientAnswers, comparisonLines, readClientAnswers } from '../../src/server/import-current/compare-clients';
import { runProjectLifecycle } from '../../src/server/projects/lifecycle';
import { createLocalUser } from '../../src/server/users/user-admin';
import { runApiKey } from '../../scripts/api-key';
import { generalRequest } from '../../harness/request-payloads';

const month = SOURCE_MONTH;
const REFUSED = { detail: 'Authentication credentials were not provided.' };

describe('the switch the clusters do not notice', () => {
  let t: TestApp;
  let source: CurrentSource;
  let keys: Awaited<ReturnType<typeof fillGappedSource>>;
  let standIn: CurrentPortalStandIn;
  let portalUrl: string;
  const idsOf = async (table: keyof typeof GAPPED_IDS) =>
    (await t.ctx.db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const external = (url: string, authorization?: string) => t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const compare = async () => compareClientAnswers(await readClientAnswers(standIn.url, keys.sha512.key), await readClientAnswers(portalUrl, keys.sha512.key));

  beforeAll(async () => {
    source = await createCurrentSource();
    keys = await fillGappedSource(source);
    t = await startTestApp({ seed: false });
    const report = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
    expect(report.collisions).toEqual([]);
    expect(report.refused).toEqual([]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    standIn = await startCurrentPortalStandIn(source.db);
  });
  afterAll(async () => {
    await standIn?.close();
    await source?.close();
    await t?.close();
  });

  it.each(Object.keys(GAPPED_IDS) as (keyof typeof GAPPED_IDS)[])('keeps the id of every row of %s', async (table) => {
    expect(await idsOf(table)).toEqual(GAPPED_IDS[table]);
  });

  it('sends the clusters the ids they derived uids and gids from', async () => {
    const answer = (await external('/api/v1/usersprojects', `Api-Key ${keys.sha512.key}`)).json() as { user: { id: number; person_username: string }; project: { id: number } }[];
    expect(answer.map((r) => [r.user.person_username, r.user.id, r.project.id])).toEqual([
      ['ahorvat', 3, 5],
      ['ikovacev', 7, 5],
      ['pperic', 12, 9],
      ['ahorvat', 3, 9],
    ]);
  });

  it('accepts the current portal’s keys of both hash forms as they are, and refuses its revoked and expired ones', async () => {
    for (const key of [keys.sha512.key, keys.pbkdf2.key]) expect((await external('/api/v1/usersprojects', `Api-Key ${key}`)).statusCode).toBe(200);
    for (const key of [keys.revoked.key, keys.expired.key]) {
      const refused = await external('/api/v1/usersprojects', `Api-Key ${key}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(REFUSED);
    }
    const listed = await runApiKey(t.ctx.db, { name: 'list' });
    expect(listed.filter((line) => line.includes('from the current portal'))).toHaveLength(4);
    expect(listed.find((l) => l.startsWith(keys.revoked.row.prefix!))).toContain('REVOKED');
    expect(listed.find((l) => l.startsWith(keys.expired.row.prefix!))).toContain('EXPIRED');
  });

  it('lets an imported key be revoked here, and a later import does not bring it back', async () => {
    const extra = sourceApiKey(5);
    await source.db.insertInto('rest_framework_api_key_apikey').values(extra.row).execute();
    await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
    expect((await external('/api/v1/sshkeys', `Api-Key ${extra.key}`)).statusCode).toBe(200);
    await runApiKey(t.ctx.db, { name: 'revoke', prefix: extra.row.prefix! });
    const again = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
    expect(again.apiKeys).toMatchObject({ source: 5, new: 0, unchanged: 5 });
    expect((await external('/api/v1/sshkeys', `Api-Key ${extra.key}`)).statusCode).toBe(403);
  });

  const EXTERNAL_ROUTES = [
    ['GET', '/api/v1/usersprojects'],
    ['GET', '/api/v1/sshkeys'],
    ['GET', '/api/v1/accounting/projectsusers'],
    ['POST', '/api/v1/accounting/records?resource=supek'],
    ['GET', '/api/v1/accounting/records?resource=supek'],
  ] as const;
  const REFUSED_KEYS: [string, () => string | undefined][] = [
    ['no key', () => undefined],
    ['an unknown key', () => 'Api-Key abcdefgh.0123456789abcdefghijklmnopqrstuv'],
    ['a malformed header', () => 'Bearer x'],
    ['the current portal’s revoked key', () => `Api-Key ${keys.revoked.key}`],
    ['the current portal’s expired key', () => `Api-Key ${keys.expired.key}`],
  ];
  it.each(EXTERNAL_ROUTES.flatMap(([method, url]) => REFUSED_KEYS.map(([what, authorization]) => [method, url, what, authorization] as const)))(
    'answers %s %s with %s with the current portal’s 403 and exactly its body',
    async (method, url, _what, authorization) => {
      const header = authorization();
      const refused = await t.app.inject({ method, url, headers: header ? { authorization: header } : {}, ...(method === 'POST' ? { payload: { usage: [] } } : {}) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(REFUSED);
    },
  );

  it('changes no id when run again, and gives what is made here ids after any the current portal handed out', async () => {
    // The current portal made users up to 95 and projects up to 52, and deleted those above 40 and 33.
    const { sql } = await import('kysely');
    await sql`SELECT setval(pg_get_serial_sequence('public.backend_user', 'id'), 95), setval(pg_get_serial_sequence('public.backend_project', 'id'), 52)`.execute(source.db);
    const again = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
    expect(again.changes).toBe(0);
    expect(await idsOf('users')).toEqual([3, 7, 12, 40]);
    const user = await createLocalUser(t.ctx.db, { username: 'novi.korisnik', password: 'Dovoljno-duga-lozinka-1' });
    expect(user.id).toBe(96);
    const ana = await t.login('ana.horvat@fer.hr', 'stara-lozinka');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/projects-general/',
      headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf },
      payload: generalRequest({ science_software: [] }),
    });
    expect(filed.statusCode).toBe(201);
    expect(await idsOf('projects')).toEqual([5, 9, 21, 33, 53]);
    // The request's lead membership, a key and an invitation made here follow the highest imported.
    expect(await idsOf('memberships')).toEqual([...GAPPED_IDS.memberships, 171]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/keys/',
      headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf },
      payload: { name: 'made-here', public_key: sshEd25519Key(900, 'ana@made-here').public_key },
    });
    expect(added.statusCode).toBe(201);
    expect(await idsOf('ssh_keys')).toEqual([...GAPPED_IDS.ssh_keys, 32]);
    // The clusters must not see it in the comparisons below.
    await t.ctx.db.deleteFrom('ssh_keys').where('id', '=', 32).execute();
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/invites/',
      headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf },
      payload: { project: `NR-${month}-004`, projectid: 5, type: 'add', collaboratorEmails: [{ label: 'nova@fer.hr', value: 'nova@fer.hr' }] },
    });
    expect(invited.statusCode).toBe(200);
    expect(await idsOf('invites')).toEqual([...GAPPED_IDS.invites, 7]);
  });


  it('finds no difference between what the clusters read there and here after a clean import', async () => {
    const comparison = await compare();
    expect(comparison.differences).toEqual([]);
    expect(comparison.rows.usersprojects).toEqual({ current: 4, here: 4 });
    expect(comparison.rows.sshkeys).toEqual({ current: 3, here: 3 });
    expect(comparison.rows['accounting/projectsusers']).toEqual({ current: 3, here: 3 });
    expect(comparisonLines(comparison).at(-1)).toBe('The clusters will see no change: every list they read answers the same here.');
  });

  it('reports every planted difference: a member, an id, a state, a tag, an amount’s type, a login, a name, a key, a fingerprint and a project’s member address', async () => {
    type Row = Record<string, any>;
    standIn.plant('usersprojects', (rows: Row[]) => [
      ...rows.map((r, i) => {
        if (i === 0) return { ...r, user: { ...r.user, person_username: 'drugi' } };
        if (i === 1) return { ...r, user: { ...r.user, id: 99, last_name: 'Drugić' } };
        if (i === 2) return { ...r, project: { ...r.project, state: 'expire', staff_resources_type: [...r.project.staff_resources_type, 'GPU-BIGMEM'] } };
        // The same amount as a number, not as the text the current portal sends: a client reads the type.
        if (i === 3) return { ...r, project: { ...r.project, resources_numbers: { ...r.project.resources_numbers, HPCnSlotsCPU: Number(r.project.resources_numbers.HPCnSlotsCPU) } } };
        return r;
      }),
      { ...rows[0], user: { ...rows[0].user, username: 'nepoznat@srce.hr' } },
    ]);
    standIn.plant('sshkeys', (rows: Row[]) => [{ ...rows[0], fingerprint: '00:11' }, rows[2]]);
    standIn.plant('accounting/projectsusers', (rows: Row[]) => rows.map((r, i) => (i === 0 ? { ...r, users: r.users.map((u: Row, j: number) => (j === 0 ? { ...u, mail: 'drugi@srce.hr' } : u)) } : r)));
    try {
      const { differences } = await compare();
      const said = differences.map((d) => `${d.route} ${d.row} ${d.what}`);
      expect(said).toEqual(
        expect.arrayContaining([
          `usersprojects membership ana.horvat@fer.hr on NR-${month}-004 user.person_username`,
          `usersprojects membership ivan.kovacevic@pmf.hr on NR-${month}-004 user.id`,
          `usersprojects membership ivan.kovacevic@pmf.hr on NR-${month}-004 user.last_name`,
          `usersprojects membership petra.peric@irb.hr on NR-${month}-006 project.state`,
          `usersprojects membership petra.peric@irb.hr on NR-${month}-006 project.staff_resources_type`,
          `usersprojects membership ana.horvat@fer.hr on NR-${month}-006 project.resources_numbers`,
          expect.stringMatching(new RegExp(`^accounting/projectsusers project NR-${month}-004 users\\[id \\d+\\]\\.mail$`)),
          `usersprojects membership nepoznat@srce.hr on NR-${month}-004 missing here`,
          'sshkeys key 00:11 of ahorvat missing here',
          expect.stringMatching(/^sshkeys key \S+ of ahorvat only here$/),
          expect.stringMatching(/^sshkeys key \S+ of ikovacev only here$/),
        ]),
      );
      expect(differences).toHaveLength(11);
      expect(differences.find((d) => d.what === 'user.id')).toMatchObject({ current: 99, here: 7 });
      const amounts = differences.find((d) => d.what === 'project.resources_numbers')!;
      expect(typeof (amounts.current as Row).HPCnSlotsCPU).toBe('number');
      expect((amounts.here as Row).HPCnSlotsCPU).toBe(String((amounts.current as Row).HPCnSlotsCPU));
      expect(comparisonLines({ rows: { usersprojects: { current: 5, here: 4 }, sshkeys: { current: 2, here: 3 }, 'accounting/projectsusers': { current: 3, here: 3 } }, differences }).at(-1)).toBe(
        'The clusters would see 11 differences: do not switch them yet.',
      );
    } finally {
      standIn.plant('usersprojects', (rows) => rows);
      standIn.plant('sshkeys', (rows) => rows);
      standIn.plant('accounting/projectsusers', (rows) => rows);
    }
  });

  it('sends a project near its end or with an extension requested as the current portal would have, and its own state on request', async () => {
    // The lifecycle moves project 5 (approve) and 9 (extend) into approve-expire; the lead of 5 then asks for an extension.
    const soon = format(addDays(new Date(), 10), 'yyyy-MM-dd');
    await t.ctx.db.updateTable('projects').set({ date_end: soon }).where('id', 'in', [5, 9]).execute();
    await runProjectLifecycle(t.ctx);
    const states = async (query = '') =>
      Object.fromEntries(
        ((await external(`/api/v1/usersprojects${query}`, `Api-Key ${keys.sha512.key}`)).json() as { project: { id: number; state: string } }[]).map((r) => [r.project.id, r.project.state]),
      );
    expect(await states('?states=detailed')).toEqual({ 5: 'approve-expire', 9: 'approve-expire' });
    const ana = await t.login('ana.horvat@fer.hr', 'stara-lozinka');
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/project-extend/5',
      headers: { cookie: ana.cookie, 'x-csrftoken': ana.csrf },
      payload: { date_end: format(addDays(new Date(), 70), 'yyyy-MM-dd'), reason: 'Proračuni traju dulje od planiranog.' },
    });
    expect(requested.statusCode).toBe(201);
    expect(await states('?states=detailed')).toEqual({ 5: 'submit-extend', 9: 'approve-expire' });
    expect(await states()).toEqual({ 5: 'approve', 9: 'extend' });
    expect(await states('?states=current')).toEqual({ 5: 'approve', 9: 'extend' });
    // And so a client of the current portal sees no change at all.
    expect((await compare()).differences.filter((d) => d.what !== 'date_end')).toEqual([]);
  });

  it('refuses, and does not bring back, a row deleted here that changed in the source since', async () => {
    await t.ctx.db.deleteFrom('ssh_keys').where('id', '=', 31).execute();
    await source.db.updateTable('backend_sshpublickey').set({ name: 'preimenovan' }).where('id', '=', 31).execute();
    const report = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
    expect(report.entities.keys).toMatchObject({ changed: 0, refused: 1 });
    expect(report.refused).toEqual([
      expect.objectContaining({ table: 'backend_sshpublickey', id: 31, kind: 'conflict', reason: expect.stringContaining('was deleted after it was imported') }),
    ]);
    expect(await idsOf('ssh_keys')).toEqual([8, 30]);
    // The clusters' view now differs from the current portal's: the comparison says so.
    const { differences } = await compare();
    expect(differences.filter((d) => d.route === 'sshkeys')).toEqual([expect.objectContaining({ row: expect.stringMatching(/ of pperic$/), what: 'missing here' })]);
  });
});

describe('an import into a portal whose rows would take the source’s ids', () => {
  it('is refused before anything is written, with a report of every collision', async () => {
    const source = await createCurrentSource();
    const t = await startTestApp({ seed: false });
    try {
      await fillGappedSource(source);
      const local = await createLocalUser(t.ctx.db, { username: 'prvi.admin', password: 'Dovoljno-duga-lozinka-1', superuser: true });
      await t.ctx.db.updateTable('users').set({ id: 7 }).where('id', '=', local.id).execute();
      const report = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
      expect(report.collisions).toEqual([{ table: 'users', id: 7, sourceTable: 'backend_user', sourceId: 7, here: 'user prvi.admin' }]);
      expect((await t.ctx.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['prvi.admin']);
      expect(await t.ctx.db.selectFrom('projects').select('id').execute()).toEqual([]);
      expect(await t.ctx.db.selectFrom('import_map').select('source_id').execute()).toEqual([]);
      expect(await t.ctx.db.selectFrom('api_keys').select('id').execute()).toEqual([]);
    } finally {
      await source.close();
      await t.close();
    }
  });

  it('is refused when an earlier import gave a source row another id here', async () => {
    const source = await createCurrentSource();
    const t = await startTestApp({ seed: false });
    try {
      await fillGappedSource(source);
      // An import that renumbered brought the current portal's user 40 as user 1.
      const earlier = await createLocalUser(t.ctx.db, { username: 'luka.lukic@unizg.hr', password: 'Dovoljno-duga-lozinka-1' });
      await t.ctx.db.insertInto('import_map').values({ source_table: 'backend_user', source_id: 40, target_id: earlier.id, row_hash: 'earlier' }).execute();
      const report = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
      expect(report.collisions).toEqual([{ table: 'users', id: earlier.id, sourceTable: 'backend_user', sourceId: 40, here: 'imported earlier under another id' }]);
      expect(await t.ctx.db.selectFrom('users').select('id').execute()).toEqual([{ id: earlier.id }]);
      expect(await t.ctx.db.selectFrom('projects').select('id').execute()).toEqual([]);
    } finally {
      await source.close();
      await t.close();
    }
  });

  it('is refused on a portal with demo data, the report naming only the demo rows whose ids (or modulefile names) the source has', async () => {
    const source = await createCurrentSource();
    const t = await startTestApp();
    try {
      await fillGappedSource(source);
      const sourceIds: Record<string, Set<number>> = Object.fromEntries(Object.entries(GAPPED_IDS).map(([table, ids]) => [table, new Set<number>(ids)]));
      const demoUsers = (await t.ctx.db.selectFrom('users').select(['id', 'username']).orderBy('id').execute()).map((u) => ({ ...u, id: Number(u.id) }));
      const report = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
      const overlapping = demoUsers.filter((u) => sourceIds.users.has(u.id)).map((u) => ({ table: 'users', id: u.id, sourceTable: 'backend_user', sourceId: u.id, here: `user ${u.username}` }));
      expect(overlapping.length).toBeGreaterThan(0);
      expect(report.collisions.filter((c) => c.table === 'users')).toEqual(overlapping);
      // Beside the ids, only a modulefile the demo lists under another id than the source's (the same software twice).
      expect(report.collisions.filter((c) => !sourceIds[c.table]?.has(c.id))).toEqual([
        expect.objectContaining({ table: 'science_software', sourceId: 17, here: expect.stringMatching(/^modulefile orca\/5\.0\.4, which the source has under id 17$/) }),
      ]);
      expect(await t.ctx.db.selectFrom('import_map').select('source_id').execute()).toEqual([]);
      expect((await t.ctx.db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => Number(u.id))).toEqual(demoUsers.map((u) => u.id));
    } finally {
      await source.close();
      await t.close();
    }
  });
});
