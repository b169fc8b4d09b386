/**
 * What the operator commands (`api-key`, `user-admin`, `usage-import`) share: the portal's database
 * opened, migrated and its vocabularies in step for the length of one piece of work, and a process
 * entry that turns the answer into the exit code.
 */
import type { Kysely } from 'kysely';
import { readConfig } from '../../src/server/config';
import { migrate, openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import type { SchemaSet } from '../../src/schema-runtime';

/**
 * Runs `work` on the database the portal uses (DATABASE_URL, or the embedded one in DATA_DIR — the
 * embedded database takes one process at a time, so the portal must be stopped then) and closes it.
 */
export async function withPortalDatabase<T>(work: (db: Kysely<Database>, schemas: SchemaSet) => Promise<T>): Promise<T> {
  const config = readConfig();
  const schemas = loadSchemaSet();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    return await work(handle.db, schemas);
  } finally {
    await handle.close();
  }
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command's `main` as the process entry: its answer is the exit code; an error of one of the
 * `expected` classes is the operator's mistake (its message, exit 1), anything else a crash (stack).
 */
export function runCommand(name: string, main: () => Promise<number>, expected: ErrorClass[]): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const known = expected.some((kind) => error instanceof kind);
      process.stderr.write(known ? `${name}: ${(error as Error).message}\n` : `${name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
