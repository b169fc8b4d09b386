import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './tables';
import * as initial from './migrations/0001-initial';
import * as listIndexes from './migrations/0002-list-indexes';
import * as listCache from './migrations/0003-list-cache';
import * as saml from './migrations/0004-saml';
import * as accounting from './migrations/0005-accounting';
import * as inviteSends from './migrations/0006-invite-sends';
import * as projectNotices from './migrations/0007-project-notices';
import * as membershipDepartures from './migrations/0008-membership-departures';
import * as userLanguage from './migrations/0010-user-language';
import * as sessionNotices from './migrations/0011-session-notices';
import * as mailPreferences from './migrations/0012-mail-preferences';
import * as gridPageOrder from './migrations/0013-grid-page-order';
import * as importMap from './migrations/0014-import-map';
import * as schemaSets from './migrations/0016-schema-sets';
import * as sessionFederation from './migrations/0015-session-federation';
import * as listRowChanges from './migrations/0017-list-row-changes';
import * as hoursGranted from './migrations/0018-hours-granted';
import * as gridFilterTrigrams from './migrations/0020-grid-filter-trigrams';
import * as gridPageFilters from './migrations/0021-grid-page-filters';
import * as activeMembers from './migrations/0022-active-members';
import * as activeMemberFlag from './migrations/0023-active-member-flag';
import * as shownDates from './migrations/0024-shown-dates';
import * as projectsOrderWithState from './migrations/0025-projects-order-with-state';
import * as sessionActivity from './migrations/0026-session-activity';
import * as importedApiKeys from './migrations/0030-imported-api-keys';
import * as schemaDrafts from './migrations/0040-schema-drafts';
import * as schemaRebase from './migrations/0041-schema-rebase';

// Dates stay 'yyyy-MM-dd' strings (no time-zone shifts); bigint ids fit in a JS number here.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-list-indexes': listIndexes,
  '0003-list-cache': listCache,
  '0004-saml': saml,
  '0005-accounting': accounting,
  '0006-invite-sends': inviteSends,
  '0007-project-notices': projectNotices,
  '0008-membership-departures': membershipDepartures,
  '0010-user-language': userLanguage,
  '0011-session-notices': sessionNotices,
  '0012-mail-preferences': mailPreferences,
  '0013-grid-page-order': gridPageOrder,
  '0014-import-map': importMap,
  '0016-schema-sets': schemaSets,
  '0015-session-federation': sessionFederation,
  '0017-list-row-changes': listRowChanges,
  '0018-hours-granted': hoursGranted,
  '0020-grid-filter-trigrams': gridFilterTrigrams,
  '0021-grid-page-filters': gridPageFilters,
  '0022-active-members': activeMembers,
  '0023-active-member-flag': activeMemberFlag,
  '0024-shown-dates': shownDates,
  '0025-projects-order-with-state': projectsOrderWithState,
  '0026-session-activity': sessionActivity,
  '0030-imported-api-keys': importedApiKeys,
  '0040-schema-drafts': schemaDrafts,
  '0041-schema-rebase': schemaRebase,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** An open database and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  close(): Promise<void>;
  /** 'postgres' for a server, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  /**
   * Listens to a NOTIFY channel on a connection of its own. `onLost` is called once when that
   * connection fails (notifications may have been missed from then on). Resolves when listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  /** The embedded database's data directory as an uncompressed tar (for `initialData`); embedded only. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * The portal's sessions on a PostgreSQL server plan without parallel workers (decision 0520): its
 * statements are short ones from many concurrent callers, and a parallel plan cost them more (the
 * workers' start, a sequential scan chosen over the trigram index) than it saved — a broad filter's
 * count at 100,000 users took 83 ms with two workers and 14 ms without. An `options` parameter in
 * DATABASE_URL replaces this.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * Opens the database: the PostgreSQL server at `databaseUrl`, or else the embedded PGlite
 * database in `dataDir` (`memory://` for a throw-away one), started from `initialData` (a dump
 * of another embedded database's data directory) when given. The same SQL runs on both.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; initialData?: Blob }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: SESSION_OPTIONS });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listeners = new Set<pg.Client>();
    const listen: DatabaseHandle['listen'] = async (channel, onMessage, onLost) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      let lost = false;
      const fail = (error: Error) => {
        if (lost) return;
        lost = true;
        listeners.delete(client);
        onLost(error);
      };
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      client.on('error', fail);
      client.on('end', () => fail(new Error('the listening connection ended')));
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        lost = true;
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    };
    return {
      db,
      kind: 'postgres',
      listen,
      close: async () => {
        for (const client of [...listeners]) {
          listeners.delete(client);
          await client.end().catch(() => undefined);
        }
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.initialData, extensions: await embeddedExtensions() });
  return embeddedHandle(pglite);
}

/** The embedded engine's extensions (pg_trgm: the grid filters' trigram indexes, migration 0020), for every caller that starts one. */
export async function embeddedExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * A handle on a started embedded engine. Closing it ends its connections and its listeners, then
 * calls `release` — by default closing the engine; a test's pool of engines takes it back instead.
 */
export async function embeddedHandle(pglite: PGlite, release: () => Promise<void> = () => pglite.close()): Promise<DatabaseHandle> {
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const unlistens = new Set<() => Promise<void>>();
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'embedded',
    // One process holds the embedded database, so its notifications never get lost.
    listen: async (channel, onMessage) => {
      const unlisten = await pglite.listen(channel, onMessage);
      const once = async () => {
        if (unlistens.delete(once)) await unlisten();
      };
      unlistens.add(once);
      return once;
    },
    dumpDataDir: async () => pglite.dumpDataDir('none'),
    close: () =>
      (closed ??= (async () => {
        await db.destroy();
        for (const unlisten of [...unlistens]) await unlisten().catch(() => undefined);
        await release();
      })()),
  };
}

/** Names of the migrations this code knows that the database has not run yet. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Whether every migration this code knows has run, in one query: the migrator makes sure of its
 * tables, takes its lock and reads them (several hundred milliseconds on the embedded database),
 * and a start, a command and each test's database call `migrate` on a database that is usually
 * up to date. No table yet (a new database) is not up to date.
 */
async function upToDate(db: Kysely<Database>): Promise<boolean> {
  const table = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  // Exactly the known ones: a database a newer release migrated goes to the migrator, which refuses it.
  const known = Object.keys(MIGRATIONS);
  return rows.length === known.length && rows.every((r) => known.includes(r.name));
}

/** Brings the schema up to date; safe to run from several processes at once on PostgreSQL. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  if (await upToDate(db)) return;
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
