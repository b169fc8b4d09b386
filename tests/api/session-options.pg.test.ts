import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';

/*
 * How the portal's connections to a PostgreSQL server are set up (decision 0520): without parallel
 * workers, unless DATABASE_URL says otherwise. Only reads a setting of the server's own database.
 */
describe('the portal’s sessions on a PostgreSQL server', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const parallelWorkers = async (databaseUrl: string) => {
    const handle = await openDatabase({ databaseUrl, dataDir: '' });
    try {
      return (await sql<{ value: string }>`SELECT current_setting('max_parallel_workers_per_gather') AS value`.execute(handle.db)).rows[0].value;
    } finally {
      await handle.close();
    }
  };

  it('plan without parallel workers', async () => {
    expect(await parallelWorkers(serverUrl)).toBe('0');
  });

  it('take the options DATABASE_URL names instead', async () => {
    const url = new URL(serverUrl);
    url.searchParams.set('options', '-c max_parallel_workers_per_gather=2');
    expect(await parallelWorkers(url.toString())).toBe('2');
  });
});
