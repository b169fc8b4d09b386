/**
 * A stand-in for the current portal's database, for the importer's tests and its benchmark: a fresh
 * database with the current portal's schema exactly as its dump has it (and its vocabulary rows),
 * row builders with that portal's realistic values, and a fast bulk filler.
 *
 * With DATABASE_URL set the database is created on that PostgreSQL server (and dropped on close);
 * without it, an in-memory embedded one. The schema and vocabularies come from the shared test data
 * beside the repository (`../shared/reference/`), with the table of the machine clients' API keys.
 *
 * JSON columns: the builders take plain values in their overrides and return them as JSON text,
 * ready to insert (node-postgres would send a JS array as a PostgreSQL array, not as JSON); reading
 * a row back gives the parsed value.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { SourceDatabase } from '../../src/server/import-current/source-tables';
// Imported for its global node-postgres type parsers: INT8 as a JS number, DATE as 'yyyy-MM-dd' text.
import '../../src/server/db/database';
import { resetSequenceSql } from './current-source-values';

/** The shared test data: the current portal's schema dump and its vocabulary rows. */
export const REFERENCE_DIR = join(__dirname, '..', '..', '..', 'shared', 'reference');
const SCHEMA_FILE = join(REFERENCE_DIR, 'current-database.sql');
const VOCABULARY_FILE = join(REFERENCE_DIR, 'current-database-vocabularies.sql');
/** djangorestframework-api-key's table, which the machine clients' keys live in. */
const API_KEYS_FILE = join(REFERENCE_DIR, 'current-database-api-keys.sql');
const PGLITE_PACKAGE = join(__dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');

export interface CurrentSource {
  /** The source database, to insert, update and delete rows in tests. */
  db: Kysely<SourceDatabase>;
  /** Its PostgreSQL URL when on a server (for `--from` of the import command). */
  url?: string;
  kind: 'postgres' | 'embedded';
  /** Closes it and (on a server) drops the database. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Loading the dump

/**
 * The dump's SQL without what a plain role or the embedded engine cannot (or should not) run:
 * psql meta-commands (`\restrict …`, `\connect …`), the restore session's `SET …` lines and
 * `set_config(…)` calls (an empty search_path or other settings would otherwise stick to the
 * connection that later serves the tests), and `OWNER TO`, `GRANT` and `REVOKE` lines naming
 * roles that need not exist here. Everything else — tables, identity columns, constraints,
 * indexes, foreign keys, data — is kept as it is.
 */
export function loadableSql(dump: string): string {
  const dropped = [
    /^\\/, // psql meta-command
    /^SET [a-z_.]+ (=|TO) .*;\s*$/i,
    /^SELECT pg_catalog\.set_config\(.*\);\s*$/i,
    /^ALTER .* OWNER TO .*;\s*$/i,
    /^(GRANT|REVOKE) .*;\s*$/i,
  ];
  return dump
    .split('\n')
    .filter((line) => !dropped.some((pattern) => pattern.test(line)))
    .join('\n');
}

/**
 * The vocabulary rows and, after them, each filled table's identity sequence moved past the ids
 * the rows name (the rows give their ids, as the current portal's fixtures do; Django's loaddata
 * resets the sequences the same way), so a row inserted later without an id gets a free one.
 */
function vocabularySql(): string {
  const text = loadableSql(readFileSync(VOCABULARY_FILE, 'utf8'));
  const tables = [...new Set([...text.matchAll(/^INSERT INTO (?:public\.)?(\w+)/gim)].map((m) => m[1]))];
  return [text, ...tables.map((t) => resetSequenceSql(t))].join('\n');
}


async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An embedded database with the schema loaded, as a data-directory dump, made once per schema and
 * engine version and kept in the temporary folder: starting from it takes about a second where a
 * new embedded database takes five to ten. Written under a temporary name and renamed, so parallel
 * test workers never read half a file.
 */
async function embeddedTemplate(schema: string): Promise<Blob> {
  const hash = createHash('sha256').update(schema).update(readFileSync(PGLITE_PACKAGE)).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `current-source-template-${hash}.tar`);
  if (!existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: 'memory://' });
    try {
      await pglite.exec(schema);
      const dump = await pglite.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await pglite.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A fresh source database with the current portal's schema and (unless `vocabularies: false`) its
 * vocabulary rows: on the PostgreSQL server of DATABASE_URL (a database of its own, dropped on
 * close), else in memory in the embedded engine.
 */
export async function createCurrentSource(options: { vocabularies?: boolean } = {}): Promise<CurrentSource> {
  const schema = loadableSql(`${readFileSync(SCHEMA_FILE, 'utf8')}\n${readFileSync(API_KEYS_FILE, 'utf8')}`);
  const vocabularies = options.vocabularies === false ? '' : vocabularySql();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `current_src_${randomBytes(6).toString('hex')}`;
    await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const drop = () =>
      withClient(serverUrl, async (client) => {
        // A pool's end() resolves before its sockets close; dropping WITH (FORCE) at once would kill
        // them and the pool would report an error. Wait (up to 5 s) until they are gone.
        for (let i = 0; i < 100; i += 1) {
          const left = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (left.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    try {
      await withClient(url.toString(), (c) => c.query(`${schema}\n${vocabularies}`));
    } catch (error) {
      await drop();
      throw error;
    }
    const source = openCurrentSource(url.toString());
    return {
      ...source,
      close: async () => {
        await source.close();
        await drop();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const pglite = await PGlite.create({ dataDir: 'memory://', loadDataDir: await embeddedTemplate(schema) });
  try {
    if (vocabularies) await pglite.exec(vocabularies);
  } catch (error) {
    await pglite.close();
    throw error;
  }
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<SourceDatabase>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'embedded',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** An existing current-portal database on a server (e.g. a restored copy); close() only disconnects. */
export function openCurrentSource(url: string): CurrentSource {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<SourceDatabase>({ dialect: new PostgresDialect({ pool }) });
  return { db, url, kind: 'postgres', close: () => db.destroy() };
}

const TABLES_WITH_IDS: (keyof SourceDatabase)[] = [
  'backend_user', 'backend_project', 'backend_state', 'backend_projecttype', 'backend_role', 'backend_userproject',
  'backend_sshpublickey', 'backend_custominvitation', 'backend_staffcomment', 'backend_dateextend',
  'backend_sciencesoftware', 'backend_projectcount',
];

/**
 * Moves every identity sequence of the source tables past the largest id, as after a real restore:
 * rows inserted with explicit ids (builders given an `id`) leave the sequences where they were.
 */
export async function syncSourceSequences(db: Kysely<SourceDatabase>): Promise<void> {
  for (const table of TABLES_WITH_IDS) await sql.raw(resetSequenceSql(table)).execute(db);
}

export { SOURCE_STATE, SOURCE_PROJECT_TYPE, SOURCE_ROLE, SOURCE_SSH_KEYS, sourceOib, sshMd5Fingerprint, sshEd25519Key } from './current-source-values';
export { sourceUser, sourceProject, sourceMembership, sourceKey, sourceInvitation, sourceStaffComment, sourceSoftware, sourceDateExtend, sourceApiKey, djangoPbkdf2 } from './current-source-rows';
export { fillCurrentSource, type FillSizes } from './current-source-fill';
