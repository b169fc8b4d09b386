/**
 * Starts the real portal for the browser tests: a database of its own (embedded in a temporary
 * folder, or a fresh database on the DATABASE_URL server), the demo seed, the built client, and
 * an HTTP listener on E2E_PORT (default 8123). The database is dropped when the process is stopped.
 */
import { buildApp } from '../../src/server/app';
import { migrate } from '../../src/server/db/database';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { seedDemo } from '../../src/server/db/seed-demo';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { readConfig } from '../../src/server/config';
import { createTestDatabase } from '../support/test-database';
import { startRegistryStandIn } from '../../src/server/services/registry/stand-in/registry-stand-in';

async function main(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 8123);
  const schemas = loadSchemaSet();
  const database = await createTestDatabase({ persistent: true });
  const handle = await database.open();
  await migrate(handle.db);
  await syncVocabularies(handle.db, schemas);
  await seedDemo(handle.db, schemas);
  const registry = await startRegistryStandIn({ username: 'demo', password: 'demo' });
  const base = readConfig({ ...process.env, NODE_ENV: 'test', PORT: String(port) });
  const config = {
    ...base,
    demo: true,
    jobs: false,
    registry: { ...base.registry, url: registry.url, username: 'demo', password: 'demo', timeoutMs: 3000, retries: 1 },
  };
  const app = await buildApp({ db: handle.db, schemas, config }, { logger: { level: 'warn' } });
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`e2e portal on http://127.0.0.1:${port}/ui/ (${database.kind} database)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await registry.close();
    await database.drop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
