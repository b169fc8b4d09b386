import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../../harness/test-database';
import { createCurrentSource, sourceKey, sourceMembership, sourceProject, sourceUser, type CurrentSource } from '../../scripts/lib/current-source';

const run = promisify(execFile);

// `--from` names a PostgreSQL server's database, so the command is tried where one runs (DATABASE_URL).
describe('npm run import-current', () => {
  let dir: string;
  let source: CurrentSource;
  let target: TestDatabase;
  const command = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/import-current.ts', '--from', source.url!, ...args], { env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: target.url } });
  const failure = (promise: Promise<unknown>) => promise.then(() => ({ code: 0, stdout: '', stderr: '' }), (e: { code: number; stdout: string; stderr: string }) => e);
  const usersHere = async () => {
    const handle = await target.open();
    try {
      return (await handle.db.selectFrom('users').select('username').orderBy('username').execute()).map((u) => u.username);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'import-current-'));
    source = await createCurrentSource();
    target = await createTestDatabase();
    await source.db.insertInto('backend_user').values([sourceUser({ id: 1, username: 'ana@fer.hr' }), sourceUser({ id: 2, username: 'ivan@pmf.hr', person_oib: 'bad' })]).execute();
    await source.db.insertInto('backend_project').values(sourceProject({ id: 1, identifier: 'NR-2026-11-007' })).execute();
    await source.db.insertInto('backend_userproject').values(sourceMembership({ id: 1, user_id: 1, project_id: 1 })).execute();
    await source.db.insertInto('backend_sshpublickey').values(sourceKey({ id: 1, user_id: 1 })).execute();
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes nothing in a dry run and prints the same report', async () => {
    const dry = await failure(command('--dry-run'));
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('Dry run (nothing written)');
    expect(dry.stdout).toMatch(/users\s+2\s+1\s+0\s+0\s+1\s+0/);
    expect(await usersHere()).toEqual([]);
  });

  it('imports, prints and writes the report, and exits 1 while a refusal is not accepted', async () => {
    const reportFile = join(dir, 'report.json');
    const first = await failure(command('--report', reportFile));
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('backend_user 2: national id "bad" is not 11 digits');
    expect(first.stdout).toContain('1 refused rows not accepted: exit 1');
    expect(await usersHere()).toEqual(['ana@fer.hr']);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.entities.keys).toMatchObject({ source: 1, new: 1 });
    expect(report.refused).toEqual([expect.objectContaining({ table: 'backend_user', id: 2, kind: 'invalid' })]);

    // The earlier report as the accept list: the same refusal is accepted, nothing changed.
    const again = await command('--accept', reportFile);
    expect(again.stdout).toContain('No changes: everything in the source is already here as it is there.');
    expect(again.stdout).toContain('backend_user 2: national id "bad" is not 11 digits (accepted)');
  });

  it('refuses an unreadable source and a bad accept file with a clear message', async () => {
    const bad = join(dir, 'accept.json');
    writeFileSync(bad, '{"nope": 1}');
    await expect(command('--accept', bad)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('must hold a list of {"table": …, "id": …}') });
    const url = new URL(source.url!);
    url.pathname = '/no_such_database_here';
    await expect(
      run(process.execPath, ['--import', 'tsx', 'scripts/import-current.ts', '--from', url.toString()], { env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: target.url } }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("cannot read the current portal's database") });
  });
});
