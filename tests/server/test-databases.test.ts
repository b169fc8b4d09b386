import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createTestDatabase } from '../../harness/test-database';

/*
 * The embedded test databases (harness/test-database.ts): each open starts from the template,
 * whatever an earlier test of the file wrote or created, and a process outside jest that opened
 * one (a benchmark, the browser tests' portal) is not held open by it afterwards.
 */
const root = join(__dirname, '../..');

const usernames = async (database: Awaited<ReturnType<typeof createTestDatabase>>) => {
  const handle = await database.open();
  const rows = await handle.db.selectFrom('users').select('username').where('username', 'like', 'pool-%').execute();
  const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'pool_probe'`.execute(handle.db);
  return { handle, names: rows.map((r) => r.username), probeTables: tables.rows[0].n };
};

it('opens every test database as the template, after a test wrote rows or changed the catalog', async () => {
  const first = await createTestDatabase();
  const written = await usernames(first);
  expect(written.names).toEqual([]);
  await written.handle.db.insertInto('users').values({ username: 'pool-writer', first_name: 'P', last_name: 'W', person_mail: 'p@example.org', status: true }).execute();
  await sql`CREATE TABLE pool_probe (id int)`.execute(written.handle.db);
  await first.drop();

  for (let i = 0; i < 2; i++) {
    const next = await createTestDatabase();
    const seen = await usernames(next);
    expect(seen).toMatchObject({ names: [], probeTables: 0 });
    await next.drop();
  }
});

it('lets a process outside jest that used an embedded test database exit by itself', () => {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const script = [
    "const { createTestDatabase } = require('./harness/test-database');",
    '(async () => {',
    '  const database = await createTestDatabase();',
    '  const handle = await database.open();',
    "  await handle.db.selectFrom('users').select('id').execute();",
    '  await database.drop();',
    "  console.log('dropped');",
    '})();',
  ].join('\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  expect({ status: run.status, signal: run.signal, out: run.stdout.trim() }).toEqual({ status: 0, signal: null, out: 'dropped' });
});
