import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createDemoDatabase, createTestDatabase, type TestDatabase } from '../../harness/test-database';
import { createCurrentSource, type CurrentSource } from '../../scripts/lib/current-source';
import { fillGappedSource } from '../support/gapped-current-source';
import { migrate } from '../../src/server/db/database';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { createLocalUser } from '../../src/server/users/user-admin';

const run = promisify(execFile);

/*
 * `npm run import-current` as the centre runs it, into a portal database whose rows stand in the
 * way of the current portal's ids: the command prints the refusal and every collision, writes
 * nothing and exits 1.
 */
describe('import-current refusing a portal whose rows would take the source’s ids', () => {
  let source: CurrentSource;
  const targets: TestDatabase[] = [];
  const importCurrent = (target: TestDatabase) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/import-current.ts', '--from', source.url!], { env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: target.url }, maxBuffer: 1 << 24 }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
  /** A migrated portal database, and its connection for the test's own rows. */
  const portalDatabase = async () => {
    const target = await createTestDatabase();
    targets.push(target);
    const handle = await target.open();
    await migrate(handle.db);
    await syncVocabularies(handle.db, loadSchemaSet());
    return { target, db: handle.db };
  };

  beforeAll(async () => {
    source = await createCurrentSource();
    await fillGappedSource(source);
  });
  afterAll(async () => {
    for (const target of targets) await target.drop();
    await source?.close();
  });

  it('names a local account holding a source user’s id, and exits 1', async () => {
    const { target, db } = await portalDatabase();
    const local = await createLocalUser(db, { username: 'prvi.admin', password: 'Dovoljno-duga-lozinka-1', superuser: true });
    await db.updateTable('users').set({ id: 7 }).where('id', '=', local.id).execute();
    const { code, stdout } = await importCurrent(target);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'Refused: 1 row here holds an id that a row of the current portal needs, and ids are kept (the clusters derive uids and gids from them). Nothing was written.',
    );
    expect(lines.slice(2)).toEqual(['  users 7: user prvi.admin — needed by backend_user 7']);
    expect(code).toBe(1);
    expect(await db.selectFrom('import_map').select('source_id').execute()).toEqual([]);
  });

  it('names a user an earlier, renumbering import brought under another id, and exits 1', async () => {
    const { target, db } = await portalDatabase();
    const earlier = await createLocalUser(db, { username: 'luka.lukic@unizg.hr', password: 'Dovoljno-duga-lozinka-1' });
    await db.insertInto('import_map').values({ source_table: 'backend_user', source_id: 40, target_id: earlier.id, row_hash: 'earlier' }).execute();
    const { code, stdout } = await importCurrent(target);
    expect(stdout.trim().split('\n').slice(2)).toEqual([`  users ${earlier.id}: imported earlier under another id — needed by backend_user 40`]);
    expect(code).toBe(1);
    expect(await db.selectFrom('projects').select('id').execute()).toEqual([]);
  });

  it('names the demo rows whose ids the source has, and exits 1', async () => {
    const { database, handle } = await createDemoDatabase();
    targets.push(database);
    const demoUsers = await handle.db.selectFrom('users').select(['id', 'username']).where('id', 'in', [3, 7, 12, 40]).orderBy('id').execute();
    expect(demoUsers.length).toBeGreaterThan(0);
    const { code, stdout } = await importCurrent(database);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Refused: \d+ rows here hold ids that rows of the current portal need, and ids are kept .* Nothing was written\.$/);
    const userLines = lines.filter((l) => l.startsWith('  users '));
    expect(userLines).toEqual(demoUsers.map((u) => `  users ${u.id}: user ${u.username} — needed by backend_user ${u.id}`));
    expect(code).toBe(1);
    expect(await handle.db.selectFrom('import_map').select('source_id').execute()).toEqual([]);
  });
});
