/**
 * What the operator commands (`api-key`, `user-admin`, `usage-import`) share: the portal's database
 * opened, migrated and its vocabularies in step for the length of one piece of work, and a process
 * entry that turns the answer into the exit code, with the `main` of a command that prints lines.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { readConfig } from '../../src/server/config';
import { migrate, openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import type { SchemaSet } from '../../src/schema-runtime';

/** The embedded database is held by a running portal: a second process opening it would damage it. */
export class EmbeddedDatabaseInUseError extends Error {}

/**
 * True when the embedded database in `dataDir` is held by a running process: the embedded engine
 * keeps a `postmaster.pid` there while open.
 */
export function embeddedDatabaseInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, 'postmaster.pid'));
}

/**
 * Runs `work` on the database the portal uses (DATABASE_URL, or the embedded one in DATA_DIR) and
 * closes it. The embedded database takes one process at a time: while the portal runs on it this
 * refuses with {@link EmbeddedDatabaseInUseError}, adding `whileRunning` (where else to look) to the message.
 */
export async function withPortalDatabase<T>(work: (db: Kysely<Database>, schemas: SchemaSet) => Promise<T>, whileRunning = ''): Promise<T> {
  const config = readConfig();
  if (!config.databaseUrl && embeddedDatabaseInUse(config.dataDir))
    throw new EmbeddedDatabaseInUseError(
      `the portal is running on the embedded database in ${config.dataDir}, which takes one process at a time.\n` +
        `${whileRunning}Stop the portal and run this again ` +
        '(a portal that stopped abruptly leaves postmaster.pid behind: start and stop it once).',
    );
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
      const known = [EmbeddedDatabaseInUseError, ...expected].some((kind) => error instanceof kind);
      process.stderr.write(known ? `${name}: ${(error as Error).message}\n` : `${name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/** An operator command that reads its arguments and prints the lines its work on the database gives. */
export interface LinesCommand<C extends { name: string }> {
  name: string;
  usage: string;
  /** Reads the arguments; throws on ones it cannot read. */
  parse: (argv: string[]) => C;
  run: (db: Kysely<Database>, command: C) => Promise<string[]>;
  /** Where to look instead while the portal holds the embedded database (a sentence, or nothing). */
  whileRunning?: string;
}

/**
 * The `main` of a {@link LinesCommand}: arguments it cannot read are exit 2 with the usage, `help`
 * prints the usage, anything else runs on the portal's database and prints its lines (exit 0).
 */
export function linesCommandMain<C extends { name: string }>(command: LinesCommand<C>, argv: string[] = process.argv.slice(2)): () => Promise<number> {
  return async () => {
    let parsed: C;
    try {
      parsed = command.parse(argv);
    } catch (error) {
      process.stderr.write(`${command.name}: ${(error as Error).message}\n\n${command.usage}\n`);
      return 2;
    }
    if (parsed.name === 'help') {
      process.stdout.write(`${command.usage}\n`);
      return 0;
    }
    return withPortalDatabase(async (db) => {
      for (const line of await command.run(db, parsed)) process.stdout.write(`${line}\n`);
      return 0;
    }, command.whileRunning);
  };
}

/** Runs a {@link LinesCommand} as the process entry (see {@link runCommand}). */
export function runLinesCommand<C extends { name: string }>(command: LinesCommand<C>, expected: ErrorClass[]): void {
  runCommand(command.name, linesCommandMain(command), expected);
}
