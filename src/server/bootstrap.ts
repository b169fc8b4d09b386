import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { migrate, openDatabase } from './db/database';
import { syncVocabularies } from './db/vocabularies';
import { startSessionCache } from './services/session-cache';
import { loadSchemaSet } from '../schema-runtime/node';
import type { SchemaSet } from '../schema-runtime';

/** An opened context and how to close it. */
export interface Bootstrapped {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Opens the database, brings it up to date, fills the lookup tables from the schemas and, in demo
 * mode, seeds the demo data on first start.
 */
export async function bootstrap(config: ServerConfig, schemas: SchemaSet = loadSchemaSet()): Promise<Bootstrapped> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    if (config.demo) {
      const { seedDemo } = await import('./demo/seed-demo');
      await seedDemo(handle.db, schemas);
    }
    await startSessionCache(handle, (error) => console.error(`session cache off, every request reads its session: ${error.message}`));
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { ctx: { db: handle.db, schemas, config }, close: () => handle.close() };
}
