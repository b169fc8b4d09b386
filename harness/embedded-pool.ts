import type { PGlite } from '@electric-sql/pglite';
import { embeddedExtensions, embeddedHandle, type DatabaseHandle } from '../src/server/db/database';

/**
 * Embedded databases started from a template, kept for the next test of the same file. Starting
 * an engine from a template took 1.3–2.5 s of CPU (its WebAssembly, the data directory unpacked
 * into memory, recovery) and was about half of a server test file's time; a test that closes its
 * database hands the engine back, which puts the template's rows and sequences back in a fraction
 * of that. An engine whose catalog a test changed (a table, a column, a trigger, a function added,
 * dropped or switched off) is closed rather than kept: only rows and sequences are put back.
 */

interface Snapshot {
  /** Every table, for one TRUNCATE. */
  tables: string[];
  /** The rows of each table that has any, as COPY wrote them. */
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; value: string; called: boolean }[];
  catalog: string;
}

/** Tables, columns, constraints, defaults, indexes, triggers (and whether on), functions and types the tests' own could touch. */
const CATALOG = `
  SELECT md5(string_agg(x, ',' ORDER BY x)) AS catalog FROM (
    SELECT concat_ws(':', 'c', oid, relname, relkind, relnatts) AS x FROM pg_class WHERE oid >= 16384
    UNION ALL SELECT concat_ws(':', 'a', attrelid, attnum, atttypid, attnotnull, atthasdef, attisdropped) FROM pg_attribute WHERE attrelid >= 16384 AND attnum > 0
    UNION ALL SELECT concat_ws(':', 't', oid, tgenabled) FROM pg_trigger WHERE oid >= 16384
    UNION ALL SELECT concat_ws(':', 'k', oid, convalidated) FROM pg_constraint WHERE oid >= 16384
    UNION ALL SELECT concat_ws(':', 'p', oid, md5(prosrc)) FROM pg_proc WHERE oid >= 16384
    UNION ALL SELECT concat_ws(':', 'y', oid) FROM pg_type WHERE oid >= 16384
    UNION ALL SELECT concat_ws(':', 'n', oid) FROM pg_namespace WHERE oid >= 16384
    UNION ALL SELECT concat_ws(':', 's', setdatabase, setrole, array_to_string(setconfig, ' ')) FROM pg_db_role_setting
  ) AS objects`;

const quoted = (schema: string, name: string) => `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;

async function snapshotOf(engine: PGlite): Promise<Snapshot> {
  const tables = (await engine.query<{ schemaname: string; tablename: string }>(
    "SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
  )).rows.map((t) => quoted(t.schemaname, t.tablename));
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    if (!(await engine.query(`SELECT 1 FROM ${table} LIMIT 1`)).rows.length) continue;
    const copied = await engine.query(`COPY ${table} TO '/dev/blob'`);
    rows.push({ table, blob: copied.blob! });
  }
  const sequences = (await engine.query<{ schemaname: string; sequencename: string; start_value: string; last_value: string | null }>(
    'SELECT schemaname, sequencename, start_value::text, last_value::text FROM pg_sequences',
  )).rows.map((s) => ({ name: quoted(s.schemaname, s.sequencename), value: s.last_value ?? s.start_value, called: s.last_value !== null }));
  return { tables, rows, sequences, catalog: await catalogOf(engine) };
}

async function catalogOf(engine: PGlite): Promise<string> {
  return (await engine.query<{ catalog: string }>(CATALOG)).rows[0].catalog;
}

/**
 * Puts the template's rows and sequences back; false when the engine cannot be reused (closed, or
 * its catalog changed). Triggers and foreign keys are off while it does (a replica's role), so no
 * change-log row or check runs for rows being put back as they were.
 */
async function restore(engine: PGlite, snapshot: Snapshot): Promise<boolean> {
  if (engine.closed) return false;
  // A transaction a test left open, settings, prepared statements, temporary tables and session locks.
  await engine.exec('ROLLBACK').catch(() => undefined);
  await engine.exec('DISCARD ALL');
  if ((await catalogOf(engine)) !== snapshot.catalog) return false;
  await engine.transaction(async (tx) => {
    await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${snapshot.tables.join(', ')}`);
    for (const { table, blob } of snapshot.rows) await tx.query(`COPY ${table} FROM '/dev/blob'`, [], { blob });
    for (const s of snapshot.sequences) await tx.query('SELECT setval($1, $2::bigint, $3)', [s.name, s.value, s.called]);
  });
  return true;
}

/** How many idle engines a file keeps per template (a test that opens more gets fresh ones). */
const KEEP_IDLE = 3;

export class EmbeddedPool {
  private readonly idle: PGlite[] = [];
  private snapshot?: Promise<Snapshot>;
  /** Whether engines are kept: only where something closes them at the end (a jest test file). */
  private readonly keeps: boolean;

  constructor(private readonly template: () => Promise<Blob>) {
    // A test file's closers (tests/support/jest-node-setup.ts). An idle engine holds its process
    // open, so without them (a benchmark, a portal) each engine is closed when it is handed back.
    const closers = (globalThis as { __closeAfterFile?: (() => Promise<void>)[] }).__closeAfterFile;
    this.keeps = Array.isArray(closers);
    closers?.push(() => this.closeIdle());
  }

  /** An engine with the template's data, as a handle whose close hands it back. */
  async open(): Promise<DatabaseHandle> {
    const engine = this.idle.pop() ?? (await this.start());
    return embeddedHandle(engine, () => this.giveBack(engine));
  }

  private async start(): Promise<PGlite> {
    const { PGlite } = await import('@electric-sql/pglite');
    const engine = await PGlite.create({ dataDir: 'memory://', loadDataDir: await this.template(), extensions: await embeddedExtensions() });
    this.snapshot ??= snapshotOf(engine);
    await this.snapshot;
    return engine;
  }

  private async giveBack(engine: PGlite): Promise<void> {
    const reusable = this.keeps && this.idle.length < KEEP_IDLE && (await restore(engine, await this.snapshot!).catch(() => false));
    if (reusable) this.idle.push(engine);
    else if (!engine.closed) await engine.close();
  }

  private async closeIdle(): Promise<void> {
    for (const engine of this.idle.splice(0)) await engine.close().catch(() => undefined);
  }
}
