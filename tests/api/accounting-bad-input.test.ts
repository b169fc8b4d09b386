import { startTestApp, type TestApp } from '../../harness/test-app';
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

  describe('edge values', () => {
    const end = endTimeMonthsAgo(1);
    const nested = (depth: number) => {
      let value: unknown = 'bottom';
      for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
      return value;
    };
    it.each([
      ['ncpus 1e200 × walltime 1e200', { ...good('x'), ncpus: 1e200, walltime: 1e200 }, /^usage\[1\]\.walltime: is longer than the time since 2000-01-01 before end_time$/],
      ['ncpus 1e306 × an hour, not a finite number of hours', { ...good('x'), ncpus: 1e306, walltime: 3600 * 1e3 }, /^usage\[1\]\.ncpus: 1e\+306 × walltime 3600000 s is not a finite number of hours$/],
      ['cpuh 1e308', { jobid: 'x', user: 'ahorvat', project: 'NR-2026-01-001', end_time: end, cpuh: 1e308 }, /^usage\[1\]\.cpuh: 1e\+308 hours is more than supek's 8192 CPU cores can deliver in 31622400 s/],
      ['cpuh as the text "1e308"', { jobid: 'x', user: 'ahorvat', end_time: end, cpuh: '1e308' }, /^usage\[1\]\.cpuh: 1e\+308 hours is more than supek's/],
      ['more cores than the cluster has, for an hour', { ...good('x'), ncpus: 8193, walltime: 3600 }, /^usage\[1\]\.ncpus: 8193 hours is more than supek's 8192 CPU cores can deliver in 3600 s \(at most 8192\.01\)$/],
      ['more hours than the cluster delivers between start_time and end_time', { jobid: 'x', user: 'ahorvat', start_time: end - 60, end_time: end, cpuh: 9000 }, /^usage\[1\]\.cpuh: 9000 hours is more than supek's 8192 CPU cores can deliver in 60 s/],
      ['more GPU hours than the cluster delivers', { ...good('x'), ngpus: 81, walltime: 3600 }, /^usage\[1\]\.ngpus: 81 hours is more than supek's 80 GPUs can deliver in 3600 s/],
      ['more CPU time used than the cluster delivers', { ...good('x'), total_cpu: 8193 * 60 }, /^usage\[1\]\.total_cpu: .* hours is more than supek's 8192 CPU cores can deliver in 60 s/],
      ['a start after the end', { ...good('x'), start_time: end + 1 }, /^usage\[1\]\.start_time: is after end_time$/],
      ['extra fields of 20,000 characters', { ...good('x'), notes: 'x'.repeat(20_000) }, /^usage\[1\]: the other fields take \d+ characters as JSON, at most 16384 are kept$/],
    ])('refuses %s with a 400 naming the row, and stores none of the batch', async (_what, bad, message) => {
      const res = await ingest(t, key, 'supek', [good('ok-1'), bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toMatchObject({ code: 400, key: 'usageRowInvalid' });
      expect(res.json().status.message).toMatch(message);
      expect(Number(await storedCount())).toBe(0);
      const sums = await t.ctx.db.selectFrom('usage_monthly').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(sums.n)).toBe(0);
    });

    it('refuses an extra field nested 5,000 deep with a 400 naming the row, and stores nothing', async () => {
      // Written as text: a value this deep is more than JSON.stringify here can take.
      const deep = `${'{"a":['.repeat(2500)}"bottom"${']}'.repeat(2500)}`;
      const raw = `{"usage": [${JSON.stringify(good('ok-1'))}, ${JSON.stringify(good('x')).replace(/}$/, `, "extra": ${deep}}`)}]}`;
      const res = await ingest(t, key, 'supek', null, raw);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toEqual({ code: 400, key: 'usageRowInvalid', message: 'usage[1].extra: nests more than 8 levels deep' });
      expect(Number(await storedCount())).toBe(0);
    });

    it('refuses GPU hours from a cluster without GPUs', async () => {
      const res = await ingest(t, key, 'padobran', [{ jobid: 'g', user: 'ahorvat', project: 'NR-2026-01-001', end_time: end, gpuh: 1 }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toMatch(/^usage\[0\]\.gpuh: 1 hours is more than padobran's 0 GPUs can deliver/);
    });

    it('takes a record at the capacity, and extra fields nested to the limit', async () => {
      const res = await ingest(t, key, 'supek', [
        { ...good('full'), ncpus: 8192, walltime: 3600, start_time: end - 3600, extra: nested(7) },
        { jobid: 'given', user: 'ahorvat', project: 'NR-2026-01-001', end_time: end, cpuh: 20_000 },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ stored: 2 });
      await t.ctx.db.deleteFrom('usage_monthly').execute();
      await t.ctx.db.deleteFrom('usage_jobs').execute();
    });
  });
});
