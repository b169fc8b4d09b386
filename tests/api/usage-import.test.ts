import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { migratedDataDir } from '../../harness/test-database';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { addProject, addUser } from '../support/fixtures';
import { endTimeMonthsAgo } from '../support/accounting';
import type { AppContext } from '../../src/server/context';

const run = promisify(execFile);

// The command opens the embedded database of DATA_DIR itself, so this test uses a folder of its own.
describe('npm run usage-import', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'usage-import-'));
    const schemas = loadSchemaSet();
    const handle = await migratedDataDir(join(dir, 'db'));
    await syncVocabularies(handle.db, schemas);
    const ctx = { db: handle.db, schemas } as AppContext;
    const ana = await addUser(ctx, 'ana', { person_username: 'ahorvat' });
    await addProject(ctx, 'NR-2026-01-001', 'approve', [[ana, 'lead']]);
    await handle.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const importFile = (file: string, resource = 'supek') =>
    run(process.execPath, ['--import', 'tsx', 'scripts/usage-import.ts', '--resource', resource, '--file', file], {
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', DATA_DIR: join(dir, 'db') },
    });

  it('stores a file of job records and prints the per-row report; a second run stores nothing', async () => {
    const file = join(dir, 'jobs.json');
    const job = (jobid: string, user: string) => ({ jobid, user, project: 'NR-2026-01-001', end_time: endTimeMonthsAgo(1), walltime: 3920, ncpus: 4, ngpus: 2 });
    writeFileSync(file, JSON.stringify([job('1', 'ahorvat'), job('2', 'ahorvat'), job('3', 'nobody')]));
    const first = importFile(file);
    await expect(first).rejects.toMatchObject({ code: 1 });
    const out = ((await first.catch((e: { stdout: string }) => e)) as { stdout: string }).stdout;
    expect(out).toContain('supek: 3 received, 2 stored, 1 skipped — User nobody not found');
    expect(out).toContain('row 2 (job 3): unknown-user: User nobody not found');
    writeFileSync(file, JSON.stringify({ usage: [job('1', 'ahorvat')] }));
    const again = await importFile(file);
    expect(again.stdout).toContain('supek: 1 received, 0 stored, 1 skipped — 1 already stored');
  });

  it('refuses an unknown cluster and a malformed file with exit code 1', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"usage": [');
    await expect(importFile(file)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('cannot read') });
    writeFileSync(file, '[]');
    await expect(importFile(file, 'nowhere')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Nonexisting resource "nowhere"') });
  });
});
