import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { migrate, openDatabase } from './db/database';
import { syncVocabularies } from './db/vocabularies';
import { startSessionCache } from './sessions/session-cache';
import { startListNotices } from './lists/list-upkeep';
import { defaultSchemasDir } from '../schema-runtime/node';
import type { SchemaSet } from '../schema-runtime';
import { readCandidate } from './schema-live/live-schemas';
import { problemLines, startLiveSchemas } from './schema-live/start-live';

/** An opened context and how to close it. */
export interface Bootstrapped {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Opens the database, brings it up to date, fills the lookup tables from the schemas and, in demo
 * mode, seeds the demo data on first start. Without a `given` set the schema folder is read,
 * checked as a reload would check it, and served live (reloaded when it changes).
 */
export async function bootstrap(config: ServerConfig, given?: SchemaSet): Promise<Bootstrapped> {
  const dir = defaultSchemasDir();
  const start = given ? undefined : readCandidate(dir);
  if (start && !start.set) throw new Error(`The schemas in ${dir} are refused:\n${problemLines(start.problems).join('\n')}`);
  const schemas = given ?? start!.set!;
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    if (config.demo) {
      const { seedDemo } = await import('./demo/seed-demo');
      await seedDemo(handle.db, schemas);
    }
    await startSessionCache(handle, (error) => console.error(`session cache off, every request reads its session: ${error.message}`));
    await startListNotices(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const ctx: AppContext = { db: handle.db, schemas, config };
  const live = start ? await startLiveSchemas(ctx, handle, { dir, set: schemas, docs: start.docs, watch: config.schemasWatch }) : undefined;
  return {
    ctx,
    close: async () => {
      await live?.stop();
      await handle.close();
    },
  };
}
