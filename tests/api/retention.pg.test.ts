import { sql } from 'kysely';
import { applyRetention, retentionDue } from '../../src/server/personal-data/retention';
import { startTestApp, type TestApp } from '../../harness/test-app';

/*
 * The retention job is applied by one process at a time (PostgreSQL, where processes share a
 * server): a round that finds another holding the lock removes nothing and says so.
 */
describe('the retention job on several processes (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('skips a round while another process applies the rules, and applies them after', async () => {
    await t.ctx.db.insertInto('login_attempts').values({ key: 'user|late', attempted_at: new Date(Date.now() - 3 * 86_400_000) }).execute();
    const other = await t.database.open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('retention'))`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    expect(await applyRetention(t.ctx.db, t.ctx.schemas)).toBeUndefined();
    expect((await retentionDue(t.ctx.db, t.ctx.schemas)).find((r) => r.rule === 'login-attempts')?.rows).toBe(1);
    release();
    await holder;
    await other.close();
    expect((await applyRetention(t.ctx.db, t.ctx.schemas))?.find((r) => r.rule === 'login-attempts')?.rows).toBe(1);
  });
});
