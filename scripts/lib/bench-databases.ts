/**
 * Runs a benchmark on the embedded database and then, when DATABASE_URL is set, once more on that
 * PostgreSQL server (the benchmark makes its throw-away database through createTestDatabase, which
 * reads DATABASE_URL); exits 1 when a run fails.
 */
export function runOnEachDatabase(run: () => Promise<void>): void {
  const main = async () => {
    const server = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    await run();
    if (server) {
      process.env.DATABASE_URL = server;
      console.log('');
      await run();
    } else console.log('(set DATABASE_URL to measure on a PostgreSQL server too)');
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
