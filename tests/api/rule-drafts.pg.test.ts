import type { DatabaseHandle } from '../../src/server/db/database';
import { createDemoDatabase, type TestDatabase } from '../../harness/test-database';
import { SERVER_START_MS, freePort, signInOverHttp, startServerProcess, type ServerProcess } from '../../harness/server-process';
import { copySchemas } from '../../harness/schema-copy';
import { generalRequest } from '../../harness/request-payloads';

/**
 * Rules published from the browser reach every process from the database, each with a schema
 * folder of its own (as on another host), within 2 s; a process started later serves them too.
 */
describe('published rules in several processes (PostgreSQL)', () => {
  const copies = [copySchemas(), copySchemas(), copySchemas()];
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const processes: ServerProcess[] = [];
  const call = async (p: ServerProcess, who: { cookie: string; csrf: string }, method: string, path: string, body?: unknown) =>
    fetch(`${p.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-csrftoken': who.csrf },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const request = async (p: ServerProcess, cpus: number) => {
    const lead = await signInOverHttp(p.url, 'lead');
    return (await call(p, lead, 'POST', '/api/v1/internal/projects-general/', generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: cpus } }))).status;
  };
  const env = (i: number) => ({ DATABASE_URL: database.url!, SCHEMAS_DIR: copies[i].dir, JOBS: 'false' });

  beforeAll(async () => {
    ({ database, handle } = await createDemoDatabase());
    processes.push(...(await Promise.all([0, 1].map(async (i) => startServerProcess(await freePort(), env(i))))));
  }, SERVER_START_MS + 20_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
    for (const copy of copies) copy.remove();
  }, 30_000);

  it('serves a published maximum in the other process within 2 s, and in a process started after it', async () => {
    const [a, b] = processes;
    const admin = await signInOverHttp(a.url, 'admin');
    const draft = (await (await call(a, admin, 'POST', '/api/v1/internal/rule-drafts/')).json()) as { id: number; files: Record<string, any> };
    const limits = structuredClone(draft.files['rules/resource-limits.json']);
    limits.properties.HPCnSlotsCPU.maximum = 7000;
    expect((await call(a, admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: 'rules/resource-limits.json', doc: limits })).status).toBe(200);
    expect(await request(b, 7000)).toBe(400);

    const published = await call(a, admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'two hosts' });
    expect(published.status).toBe(200);
    const started = Date.now();
    while ((await request(b, 7000)) !== 201) {
      if (Date.now() - started > 2000) throw new Error('the other process did not serve the published set within 2 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await request(b, 7001)).toBe(400);

    const late = await startServerProcess(await freePort(), env(2));
    processes.push(late);
    expect(await request(late, 7000)).toBe(201);
    const sets = await handle.db.selectFrom('schema_sets').select(['origin', 'note']).orderBy('id').execute();
    expect(sets.filter((s) => s.origin === 'publish')).toEqual([{ origin: 'publish', note: 'two hosts' }]);
  }, SERVER_START_MS + 60_000);
});
