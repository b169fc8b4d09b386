import type { DatabaseHandle } from '../../src/server/db/database';
import { createDemoDatabase, type TestDatabase } from '../../harness/test-database';
import { SERVER_START_MS, freePort, signInOverHttp, startServerProcess, type ServerProcess } from '../../harness/server-process';
import { copySchemas } from '../../harness/schema-copy';
import { generalRequest } from '../../harness/request-payloads';

async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Two server processes on one database and one schema folder: an edit goes live in both, once in the history. */
describe('a schema edit in two processes (PostgreSQL)', () => {
  const copy = copySchemas();
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const processes: ServerProcess[] = [];
  const setMaximum = (maximum: number) => copy.edit('rules/resource-limits.json', (doc) => (doc.properties.HPCnSlotsCPU.maximum = maximum));
  /** Files a practical class asking for `cpus` cores through process `p`; the status. */
  const request = async (p: ServerProcess, cpus: number) => {
    const lead = await signInOverHttp(p.url, 'lead');
    const res = await fetch(`${p.url}/api/v1/internal/projects-general/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: lead.cookie, 'x-csrftoken': lead.csrf },
      body: JSON.stringify(generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: cpus } })),
    });
    return res.status;
  };

  beforeAll(async () => {
    ({ database, handle } = await createDemoDatabase());
    const env = { DATABASE_URL: database.url!, SCHEMAS_DIR: copy.dir, JOBS: 'false' };
    processes.push(...(await Promise.all([await freePort(), await freePort()].map((port) => startServerProcess(port, env)))));
  }, SERVER_START_MS + 20_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
    copy.remove();
  }, 30_000);

  it('enforces a raised maximum in both processes without a restart, recorded once', async () => {
    for (const p of processes) expect(await request(p, 7000)).toBe(400);
    setMaximum(7000);
    await within(10_000, async () => (await Promise.all(processes.map((p) => request(p, 7000)))).every((s) => s === 201));
    const sets = await handle.db.selectFrom('schema_sets').select(['hash', 'origin', 'changes']).orderBy('id').execute();
    expect(sets.map((s) => s.hash)).toEqual([...new Set(sets.map((s) => s.hash))]);
    expect(sets.at(-1)!.changes).toEqual([expect.objectContaining({ en: 'HPCnSlotsCPU maximum 6656 → 7000' })]);
  }, 30_000);

  it('keeps the limit in force in both processes when an edit is broken', async () => {
    setMaximum(0);
    // Give both processes' watchers time to read and refuse it.
    await new Promise((r) => setTimeout(r, 3000));
    for (const p of processes) {
      expect(await request(p, 7000)).toBe(201);
      expect(await request(p, 7001)).toBe(400);
    }
    expect(processes.map((p) => p.output()).join('\n')).toContain('schema set refused (watch)');
  }, 30_000);
});
