import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type DatabaseHandle } from '../src/server/db/database';
import { syncVocabularies } from '../src/server/db/vocabularies';
import { loadSchemaSet } from '../src/schema-runtime/node';
import { EmbeddedPool } from './embedded-pool';
import type { SchemaSet } from '../src/schema-runtime';

const DB_DIR = join(__dirname, '../src/server/db');

const ROOT = join(__dirname, '..');

/** The files of a folder, recursively, in a stable order. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** A key of `files`' names and contents, `extra` and the embedded engine's version. */
function keyOf(files: string[], extra: string): string {
  const hash = createHash('sha256').update(extra);
  for (const file of files) hash.update(relative(ROOT, file)).update(readFileSync(file));
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump as the embedded engine reads it: PGlite asks a `loadDataDir` only for its bytes
 * (`arrayBuffer()`), and a Blob made of the file first copied them in and then read them out again
 * in chunks — about a second of CPU for each embedded database a test opens. This one hands over
 * a copy of the bytes read.
 */
class DumpBlob extends Blob {
  constructor(private readonly dump: Buffer) {
    super([]);
  }

  override get size(): number {
    return this.dump.byteLength;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.dump.buffer.slice(this.dump.byteOffset, this.dump.byteOffset + this.dump.byteLength) as ArrayBuffer;
  }
}

/**
 * A dump kept in the temporary folder under a name with its key, made by `make` when missing:
 * written under a temporary name and renamed, so parallel test workers never read half a file.
 */
async function keptDump(kind: string, key: string, make: (handle: DatabaseHandle) => Promise<void>, from?: () => Promise<Blob>): Promise<Blob> {
  const file = join(tmpdir(), `portal-test-${kind}-${key}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ dataDir: 'memory://', initialData: await from?.() });
    try {
      await make(handle);
      const dump = await handle.dumpDataDir!();
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new DumpBlob(readFileSync(file));
}

/**
 * A migrated, empty embedded database as a data-directory dump, made once per set of migrations:
 * starting from it takes about a second, where creating a database and running every migration
 * took four to eight (most of a server test file's setup). Keyed by the migrations' and the
 * embedded engine's sources, so a changed migration makes a new one.
 */
function migratedTemplate(): Promise<Blob> {
  return keptDump('template', migratedKey(), (handle) => migrate(handle.db));
}

/** The migrated templates' key: the migrations' and the embedded engine's sources. */
function migratedKey(): string {
  const files = ['database.ts', ...readdirSync(join(DB_DIR, 'migrations')).sort().map((f) => join('migrations', f))].map((f) => join(DB_DIR, f));
  return keyOf(files, '');
}

/** The seeded templates' key, read once per test process and day. */
let seededKeyOf: { day: string; key: string } | undefined;

/**
 * The key of the seeded templates: the server's sources, the shipped schemas and the day (the
 * seed's dates count from today), so an edit to any of them makes a new template.
 */
function seededKey(): string {
  const day = new Date().toISOString().slice(0, 10);
  if (seededKeyOf?.day !== day) {
    const files = [...filesUnder(join(ROOT, 'src/server')), ...filesUnder(join(ROOT, 'src/schema-runtime')), ...filesUnder(join(ROOT, 'schemas'))];
    seededKeyOf = { day, key: keyOf(files, day) };
  }
  return seededKeyOf.key;
}

/** Migrates a database and fills it as `startTestApp` does: the lookup tables and the demo data of the shipped schemas. */
async function seedShipped(handle: DatabaseHandle): Promise<void> {
  const schemas = loadSchemaSet();
  await migrate(handle.db);
  await syncVocabularies(handle.db, schemas);
  const { seedDemo } = await import('../src/server/demo/seed-demo');
  await seedDemo(handle.db, schemas);
}

/**
 * The migrated template with the demo data: seeding takes most of a second (it hashes the demo
 * passwords), and most test files start several portals on it.
 */
function seededTemplate(): Promise<Blob> {
  return keptDump('seeded', seededKey(), seedShipped, migratedTemplate);
}

/**
 * Names of the template databases on a PostgreSQL server, migrated (`…_migrated_`) and seeded
 * (`…_seeded_`) (`drop-server-templates.cjs`, jest's teardown, drops them after the run: keep the
 * prefix the same there).
 */
const SERVER_TEMPLATE_PREFIX = 'portal_test_tpl_';

/**
 * Waits (up to 5 s) until no connection to a database is left: a pool's end() resolves before its
 * sockets close, and dropping WITH (FORCE) would then kill them and the pool would report an
 * unhandled error; a template is copied or renamed only without connections.
 */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const left = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (left.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Drops a database of the server once the connections a closed pool leaves behind are gone. */
async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await untilUnused(client, name);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A template as a database on the PostgreSQL server, made by `make` once per key: built under a
 * name of its own and renamed, so a process that loses the race drops its copy and uses the other.
 * Copying one (CREATE DATABASE … TEMPLATE) took about a tenth of running every migration on an
 * empty database, which most server test files did several times.
 */
async function serverTemplate(serverUrl: string, kind: 'migrated' | 'seeded', key: string, make: (handle: DatabaseHandle) => Promise<void>): Promise<string> {
  const name = `${SERVER_TEMPLATE_PREFIX}${kind}_${key}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), dataDir: '' });
    try {
      await make(handle);
    } finally {
      await handle.close();
    }
    await untilUnused(admin, building);
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await dropServerDatabase(serverUrl, building);
      // Another process published the template first: use it.
      if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * A database of the test's own. With DATABASE_URL set it is a fresh database created on that
 * PostgreSQL server and dropped afterwards (runs never see each other's rows); otherwise an
 * embedded one, in memory (each open a fresh copy of the template, on an engine of the file's pool)
 * or — with `persistent` — in a temporary folder that survives reopening. `seeded` starts it with
 * the demo data of the shipped schemas (not for a persistent one).
 */
export interface TestDatabase {
  /** Opens a connection (call again to simulate a restart or a second process). */
  open(): Promise<DatabaseHandle>;
  /** Closes what is open and drops the database. */
  drop(): Promise<void>;
  kind: 'postgres' | 'embedded';
  /** The database's URL on the PostgreSQL server, for other processes (postgres only). */
  url?: string;
  /** It already holds the lookup tables and the demo data of the shipped schemas (asked for with `seeded`). */
  seeded: boolean;
}

/** This test file's engines, per template (the seeded one, and the migrated one without data). */
const pools: { seeded?: EmbeddedPool; migrated?: EmbeddedPool } = {};
const embeddedPool = (seeded: boolean): EmbeddedPool =>
  seeded ? (pools.seeded ??= new EmbeddedPool(seededTemplate)) : (pools.migrated ??= new EmbeddedPool(migratedTemplate));

export async function createTestDatabase(options: { persistent?: boolean; seeded?: boolean } = {}): Promise<TestDatabase> {
  const handles: DatabaseHandle[] = [];
  const track = async (handle: DatabaseHandle) => {
    handles.push(handle);
    return handle;
  };
  const closeAll = async () => {
    for (const h of handles.splice(0)) await h.close().catch(() => undefined);
  };
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const template = options.seeded
      ? await serverTemplate(serverUrl, 'seeded', seededKey(), seedShipped)
      : await serverTemplate(serverUrl, 'migrated', migratedKey(), (handle) => migrate(handle.db));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = databaseUrl(serverUrl, name);
    return {
      kind: 'postgres',
      seeded: Boolean(options.seeded),
      url,
      open: async () => track(await openDatabase({ databaseUrl: url, dataDir: '' })),
      drop: async () => {
        await closeAll();
        await dropServerDatabase(serverUrl, name);
      },
    };
  }
  if (!options.persistent) {
    const seeded = Boolean(options.seeded);
    return {
      kind: 'embedded',
      seeded,
      open: async () => track(await embeddedPool(seeded).open()),
      drop: closeAll,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  let opened = false;
  return {
    kind: 'embedded',
    seeded: false,
    // The first open starts from the migrated template; later ones find the folder as it was left.
    open: async () => {
      const initialData = opened ? undefined : await migratedTemplate();
      opened = true;
      return track(await openDatabase({ dataDir: dir, initialData }));
    },
    drop: async () => {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated embedded database in the folder `dataDir`, from the kept template, for a command
 * under test that opens DATA_DIR itself: its first run then starts in a second rather than
 * creating the database and running every migration in the child process. Open; close it before
 * the command runs.
 */
export async function migratedDataDir(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase({ dataDir, initialData: await migratedTemplate() });
}

/** A migrated test database with the lookup tables filled, and the schema set used. */
export async function openTestDatabase(schemas: SchemaSet = loadSchemaSet()) {
  const database = await createTestDatabase();
  const handle = await database.open();
  await migrate(handle.db);
  await syncVocabularies(handle.db, schemas);
  return { db: handle.db, schemas, close: () => database.drop() };
}

/**
 * A database of the test's own with the demo data, for tests that start server processes on it
 * (PostgreSQL only: the processes open it by its URL); the handle stays open for the test's checks.
 */
export async function createDemoDatabase(): Promise<{ database: TestDatabase; handle: DatabaseHandle }> {
  const schemas = loadSchemaSet();
  const database = await createTestDatabase();
  const handle = await database.open();
  await migrate(handle.db);
  await syncVocabularies(handle.db, schemas);
  const { seedDemo } = await import('../src/server/demo/seed-demo');
  await seedDemo(handle.db, schemas);
  return { database, handle };
}
