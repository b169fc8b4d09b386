import { startTestApp, type TestApp } from '../support/test-app';
import { addProject, addUser } from '../support/fixtures';
import { apiKey, endTimeMonthsAgo, ingest } from '../support/accounting';

describe('usage ingest refuses bad input whole, in the JSON envelope', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    key = await apiKey(t);
    const ana = await addUser(t.ctx, 'ana', { person_username: 'ahorvat' });
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[ana, 'lead']]);
  });
  afterAll(() => t.close());

  const good = (jobid: string) => ({ jobid, user: 'ahorvat', project: 'NR-2026-01-001', end_time: endTimeMonthsAgo(1), walltime: 60, ncpus: 1 });
  const storedCount = async () => (await t.ctx.db.selectFrom('usage_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('answers an unknown cluster with 400 and stores nothing', async () => {
    const res = await ingest(t, key, 'nonexisting', [good('1')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toMatchObject({ code: 400, key: 'unknownCluster' });
    expect(res.json().status.message).toMatch(/^Nonexisting resource/);
    expect(Number(await storedCount())).toBe(0);
  });

  it.each([
    ['a missing end_time', { jobid: 'x', user: 'ahorvat', walltime: 1, ncpus: 1 }, "usage[1].end_time: Missing 'end_time' field"],
    ['a non-numeric walltime', { ...good('x'), walltime: 'long' }, 'usage[1].walltime: must be a number, got "long"'],
    ['a negative count', { ...good('x'), ncpus: -4 }, 'usage[1].ncpus: must not be negative, got -4'],
    ['a future end time', { ...good('x'), end_time: Math.floor(Date.now() / 1000) + 86_400 }, 'usage[1].end_time: is in the future'],
    ['a non-numeric end time', { ...good('x'), end_time: 'yesterday' }, 'usage[1].end_time: must be a number, got "yesterday"'],
    ['ncpus without walltime', { jobid: 'x', user: 'ahorvat', end_time: endTimeMonthsAgo(1), ncpus: 2 }, "usage[1].walltime: Missing 'walltime' field (needed with 'ncpus')"],
    ['a row that is not an object', 42, 'usage[1]: must be an object'],
    ['a user that is not a text', { ...good('x'), user: { name: 'a' } }, 'usage[1].user: must be a text'],
  ])('refuses %s, naming the row and field, and stores none of the batch', async (_what, bad, message) => {
    const res = await ingest(t, key, 'supek', [good('ok-1'), bad]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({ code: 400, key: 'usageRowInvalid', message });
    expect(Number(await storedCount())).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"usage": [', 'malformedJson'],
    ['no usage list', '{"records": []}', 'usageRowInvalid'],
    ['a list instead of an object', '[1, 2]', 'usageRowInvalid'],
    ['10 MB of garbage', `{"usage": "${'x'.repeat(10 * 1024 * 1024)}"}`, 'usageRowInvalid'],
  ])('answers %s with a 400 envelope', async (_what, raw, errorKey) => {
    const res = await ingest(t, key, 'supek', null, raw);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toMatchObject({ code: 400, key: errorKey });
  });

  it('answers a body over the limit with 413', async () => {
    const raw = `{"usage": [], "pad": "${'x'.repeat(t.ctx.schemas.constants.accountingIngestMaxBytes)}"}`;
    const res = await ingest(t, key, 'supek', null, raw);
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toMatchObject({ code: 413, key: 'payloadTooLarge' });
  });
});
