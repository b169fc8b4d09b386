import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

/*
 * `active_members` (migration 0022) under concurrent transactions, which only a server has: each
 * trigger decides after the other transaction that changed memberships has committed, so two
 * leaving a user's last two active projects at once do not both see the other project still there.
 */
describe('the active members under concurrent transactions (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ schemas: loadSchemaSet() });
  });
  afterAll(() => t.close());

  it('decides after a concurrent transaction has committed: two leaving at once remove the user', async () => {
    const user = await addUser(t.ctx, 'dva-projekta', { first_name: 'Dva', last_name: 'Projekta' });
    await addProject(t.ctx, 'NR-2026-11-99002', 'approve', [[user, 'lead']]);
    await addProject(t.ctx, 'NR-2026-11-99003', 'approve', [[user, 'collaborator']]);
    const [a, b] = (await t.ctx.db.selectFrom('memberships').select('id').where('user_id', '=', user).orderBy('id').execute()).map((r) => r.id);
    const other = await t.database.open();
    let deleted!: () => void;
    const firstDeleted = new Promise<void>((resolve) => (deleted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first transaction leaves one project and stays open; the second leaves the other meanwhile.
    const first = t.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('memberships').where('id', '=', a).execute();
      deleted();
      await held;
    });
    await firstDeleted;
    const second = other.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('memberships').where('id', '=', b).execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    const kept = await t.ctx.db.selectFrom('active_members').select('user_id').where('user_id', '=', user).execute();
    expect(kept).toEqual([]);
  });
});
