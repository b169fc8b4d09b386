import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../../harness/test-database';
import { freePort, startServerProcess, type ServerProcess } from '../../harness/server-process';
import { startCurrentPortalStandIn, type CurrentPortalStandIn } from '../support/current-portal-stand-in';
import { createCurrentSource, fillCurrentSource, sourceApiKey, type CurrentSource } from '../../scripts/lib/current-source';

const run = promisify(execFile);

/*
 * docs/migration.md, "The transition, step by step", followed literally on a copy of the current
 * portal's database (a filled one, ids with gaps as a portal that ran for years has them): the
 * import commands of steps 2, 3 and 5, the portal serving on its own address, and step 6's compare
 * command with the key a cluster has today. The last line it prints decides the switch.
 */
describe('the cutover runbook, step by step', () => {
  let source: CurrentSource;
  let target: TestDatabase;
  let standIn: CurrentPortalStandIn;
  let portal: ServerProcess | undefined;
  let key: string;
  const importCurrent = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/import-current.ts', ...args], { env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: target.url }, maxBuffer: 1 << 24 });
  const outcome = (promise: Promise<{ stdout: string }>) => promise.then((r) => ({ code: 0, stdout: r.stdout }), (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }));

  beforeAll(async () => {
    source = await createCurrentSource();
    await fillCurrentSource(source.db, { users: 60, projects: 20, keys: 50, memberships: 80, invitations: 0, comments: 0 });
    // Ids with gaps: rows the current portal deleted over the years.
    await source.db.deleteFrom('backend_sshpublickey').where('user_id', 'in', [2, 3, 17]).execute();
    await source.db.deleteFrom('backend_userproject').where('user_id', 'in', [2, 3, 17]).execute();
    await source.db.deleteFrom('backend_custominvitation').execute();
    await source.db.deleteFrom('backend_user').where('id', 'in', [2, 3, 17]).execute();
    const cluster = sourceApiKey(1);
    key = cluster.key;
    await source.db.insertInto('rest_framework_api_key_apikey').values(cluster.row).execute();
    target = await createTestDatabase();
    standIn = await startCurrentPortalStandIn(source.db);
  });
  afterAll(async () => {
    await portal?.stop();
    await standIn?.close();
    await source?.close();
    await target?.drop();
  });

  it('ends with the compare command saying the clusters will see no change', async () => {
    // 2. First import, with --dry-run first.
    const dry = await outcome(importCurrent('--from', source.url!, '--dry-run'));
    expect(dry.stdout).toContain('Dry run (nothing written)');
    expect(dry.code).toBe(0);
    // 2–3. The first import, and the daily one.
    expect((await outcome(importCurrent('--from', source.url!))).code).toBe(0);
    // 5. Last import: only the last day's differences (none here), exit 0.
    const last = await outcome(importCurrent('--from', source.url!));
    expect(last).toMatchObject({ code: 0, stdout: expect.stringContaining('No changes') });
    // 6. The portal serving on its own address, then the comparison with a cluster's key.
    portal = await startServerProcess(await freePort(), { DATABASE_URL: target.url! });
    const compared = await outcome(importCurrent('--compare-clients', '--current-url', standIn.url, '--current-key', key, '--portal-url', portal.url));
    const lines = compared.stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('usersprojects: '))).toMatch(/^usersprojects: ([1-9]\d*) rows in the current portal, \1 here, 0 differences$/);
    expect(lines.find((l) => l.startsWith('sshkeys: '))).toMatch(/^sshkeys: ([1-9]\d*) rows in the current portal, \1 here, 0 differences$/);
    expect(lines.at(-1)).toBe('The clusters will see no change: every list they read answers the same here.');
    expect(compared.code).toBe(0);
  });

  it('prints a difference planted in the current portal’s answer, and exits 1', async () => {
    let planted = '';
    standIn.plant('accounting/projectsusers', (rows) =>
      rows.map((r, i) => {
        if (i !== 0) return r;
        planted = String(r.sifra);
        return { ...r, approved_resources: [...(r.approved_resources as string[]), 'GPU-BIGMEM'] };
      }),
    );
    try {
      const compared = await outcome(importCurrent('--compare-clients', '--current-url', standIn.url, '--current-key', key, '--portal-url', portal!.url));
      const lines = compared.stdout.trim().split('\n');
      expect(lines.find((l) => l.startsWith('accounting/projectsusers: '))).toMatch(/^accounting\/projectsusers: ([1-9]\d*) rows in the current portal, \1 here, 1 difference$/);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}project ${planted}: approved_resources is \\[.*"GPU-BIGMEM".*\\] there, \\[.*\\] here$`)));
      expect(lines.at(-1)).toBe('The clusters would see 1 difference: do not switch them yet.');
      expect(compared.code).toBe(1);
    } finally {
      standIn.plant('accounting/projectsusers', (rows) => rows);
    }
  });

  it('says the clusters would see a difference, and exits 1, when the current portal changed since', async () => {
    await source.db.deleteFrom('backend_sshpublickey').where('id', '=', (await source.db.selectFrom('backend_sshpublickey').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id).execute();
    const compared = await outcome(importCurrent('--compare-clients', '--current-url', standIn.url, '--current-key', key, '--portal-url', portal!.url));
    expect(compared.code).toBe(1);
    expect(compared.stdout).toMatch(/^ {2}key \S+ of \S+: only here$/m);
    expect(compared.stdout.trim().split('\n').at(-1)).toBe('The clusters would see 1 difference: do not switch them yet.');
  });
});
