import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { copySchemas } from '../../harness/schema-copy';
import { createTestDatabase, type TestDatabase } from '../../harness/test-database';
import { generalRequest } from '../../harness/request-payloads';

type Doc = Record<string, any>;
const LIMITS = 'rules/resource-limits.json';

// Staff changes carried over an upgrade (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md):
// a portal restarted on a release whose shipped folder changed re-applies the staff set's changes on
// it; a change both made differently waits in a draft with both values, and the staff set serves.
describe('staff rules over a new release', () => {
  const copy = copySchemas();
  let database: TestDatabase;
  let t: TestApp;
  let admin: Caller;
  const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf, 'accept-language': 'en' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const request = async (field: string, amount: number) =>
    (await send(await t.login('lead'), 'POST', '/api/v1/internal/projects-general/', generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: 1, [field]: amount } }))).statusCode;
  /** The portal stopped and started again on the folder as it now is, on the same database. */
  const restart = async () => {
    await t.close();
    t = await startTestApp({ database, live: { dir: copy.dir } });
    admin = await t.login('admin');
  };
  const publish = async (change: (limits: Doc) => void, note: string) => {
    const draft = (await send(admin, 'POST', '/api/v1/internal/rule-drafts/')).json();
    const doc = structuredClone(draft.files[LIMITS]);
    change(doc);
    expect((await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc })).statusCode).toBe(200);
    const published = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note, confirmImpact: true });
    expect(published.json()).toMatchObject({ status: 'live' });
  };
  const history = async () => (await send(admin, 'GET', '/api/v1/internal/schemas/history')).json();

  beforeAll(async () => {
    // Persistent: every start opens the same database, as a restart does.
    database = await createTestDatabase({ persistent: true });
    t = await startTestApp({ database, live: { dir: copy.dir } });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
    copy.remove();
  });

  it('carries a staff change over a release that changed another value', async () => {
    await publish((limits) => (limits.properties.HPCnSlotsCPU.maximum = 7000), 'More cores');
    const staffHash = (await history()).current;
    // The new release ships a higher GPU limit; the CPU limit is as it was.
    let gpu = 0;
    copy.edit(LIMITS, (limits) => (gpu = limits.properties.HPCnSlotsGPU.maximum += 10));
    await restart();

    const now = await history();
    expect(now.current).not.toBe(staffHash);
    expect(now.sets[0]).toMatchObject({ origin: 'rebase', author: 'admin' });
    expect(now.sets[1]).toMatchObject({ origin: 'start' });
    expect(await request('HPCnSlotsCPU', 7000)).toBe(201);
    expect(await request('HPCnSlotsCPU', 7001)).toBe(400);
    // And the release's own change.
    expect(await request('HPCnSlotsGPU', gpu)).toBe(201);
    expect(await request('HPCnSlotsGPU', gpu + 1)).toBe(400);
    // No decision is asked for.
    expect((await send(admin, 'GET', '/api/v1/internal/rule-drafts/')).json().drafts).toEqual([]);

    // A second start on the same release serves the same set and records nothing new.
    const entries = now.sets.length;
    await restart();
    expect((await history()).current).toBe(now.current);
    expect((await history()).sets).toHaveLength(entries);
  });

  it('keeps the staff set serving when the release changed the same value differently, and asks in a draft with both values', async () => {
    const before = (await history()).current;
    copy.edit(LIMITS, (limits) => (limits.properties.HPCnSlotsCPU.maximum = 8000));
    await restart();

    // The staff set still serves: 7000 is the most, as staff set it.
    expect((await history()).current).toBe(before);
    expect(await request('HPCnSlotsCPU', 7000)).toBe(201);
    expect(await request('HPCnSlotsCPU', 7001)).toBe(400);
    const { drafts } = (await send(admin, 'GET', '/api/v1/internal/rule-drafts/')).json();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ author: 'admin', rebase: { staffHash: before, conflicts: [{ file: LIMITS, pointer: '/properties/HPCnSlotsCPU/maximum', base: 6656, staff: 7000, shipped: 8000 }] } });
    const draft = (await send(admin, 'GET', `/api/v1/internal/rule-drafts/${drafts[0].id}`)).json();
    // The draft holds the release's value at the conflict, and its other staff changes.
    expect(draft.files[LIMITS].properties.HPCnSlotsCPU.maximum).toBe(8000);
    expect(draft.rebase.conflicts).toHaveLength(1);

    // Another start makes no second draft.
    await restart();
    expect((await send(admin, 'GET', '/api/v1/internal/rule-drafts/')).json().drafts).toHaveLength(1);

    // The editor decides by publishing the draft: the release's 8000 goes live.
    const published = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${drafts[0].id}/publish`, { note: 'Take the new limit', confirmImpact: true });
    expect(published.json()).toMatchObject({ status: 'live' });
    expect(await request('HPCnSlotsCPU', 8000)).toBe(201);
    expect((await send(admin, 'GET', '/api/v1/internal/rule-drafts/')).json().drafts).toEqual([]);
    await restart();
    expect(await request('HPCnSlotsCPU', 8000)).toBe(201);
  });
});
