/**
 * Filling a portal at a size, for the benchmarks that time it: a throw-away database (embedded, or
 * a fresh one on the server of DATABASE_URL, dropped afterwards) migrated and with the vocabularies
 * of the shipped schemas, filled with generated users, projects, memberships and keys; and an app
 * serving it with a signed-in session, as the portal serves a browser.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { migrate, type DatabaseHandle } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/tables';
import { lookupIds, syncVocabularies } from '../../../src/server/db/vocabularies';
import { vacuumDueTables, type TableUpkeep } from '../../../src/server/db/vacuum';
import { createSession } from '../../../src/server/sessions/sessions';
import { loadSchemaSet } from '../../../src/schema-runtime/node';
import type { SchemaSet } from '../../../src/schema-runtime';
import { testConfig } from '../../../harness/test-app';
import { createTestDatabase, type TestDatabase } from '../../../harness/test-database';

export interface BenchDatabase {
  handle: DatabaseHandle;
  db: Kysely<Database>;
  kind: TestDatabase['kind'];
  schemas: SchemaSet;
}

/** Runs `work` on a throw-away database, migrated and with the vocabularies synced; drops it afterwards. */
export async function withBenchDatabase(work: (bench: BenchDatabase) => Promise<void>): Promise<void> {
  const schemas = loadSchemaSet();
  const database = await createTestDatabase();
  try {
    const handle = await database.open();
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    await work({ handle, db: handle.db, kind: database.kind, schemas });
  } finally {
    await database.drop();
  }
}

/**
 * The portal's app on `db` with the tests' configuration (no demo data, no background jobs) and no
 * logger; `clientDir` is where it serves the client from (none by default).
 */
export function benchApp(db: Kysely<Database>, schemas: SchemaSet, clientDir?: string): Promise<FastifyInstance> {
  return buildApp({ db, schemas, config: testConfig(clientDir ? { clientDir } : {}) }, { logger: false });
}

/** The cookie of a new session of `userId`, as a signed-in browser sends it. */
export async function sessionCookie(db: Kysely<Database>, schemas: SchemaSet, userId: number): Promise<string> {
  return `${schemas.service.serviceKey}_session=${(await createSession(db, userId, 1)).token}`;
}

/** A filled database's staff user, and what the upkeep at the end of the fill did. */
export interface Filled {
  staffId: number;
  /** The tables vacuumed or analysed, and how long each statement held the database. */
  upkeep: TableUpkeep[];
}

/**
 * Fills the database at a size with set-based statements (a handful of INSERT … SELECT
 * generate_series): `users` users, `projects` projects in every state and of several types with 1–5
 * members each, SSH keys for two users in three; adds a staff user, and leaves the tables vacuumed
 * and analysed as the portal's upkeep leaves them.
 */
export async function fill(db: Kysely<Database>, users = 20_000, projects = 5_000): Promise<Filled> {
  const states = [...(await lookupIds(db, 'states')).values()];
  const types = [...(await lookupIds(db, 'project_types')).values()];
  const roles = await lookupIds(db, 'roles');
  const lead = roles.get('lead');
  const collaborator = roles.get('collaborator');
  if (lead === undefined || collaborator === undefined) throw new Error('roles lead and collaborator are missing');
  await sql`
    INSERT INTO users (username, first_name, last_name, person_mail, person_institution, person_uniqueid,
                       person_username, person_oib, status, date_joined)
    SELECT 'user' || g || '@example.org', 'Ime' || g, 'Prezime' || (g % 997), 'user' || g || '@example.org',
           'Institucija ' || (g % 120), 'user' || g || '@example.org', 'u' || g, lpad(g::text, 11, '0'),
           g % 4 <> 0, now() - make_interval(mins => g)
      FROM generate_series(1, ${users}) g`.execute(db);
  const { rows } = await sql<{ first: number }>`SELECT min(id)::int AS first FROM users`.execute(db);
  const first = rows[0].first;
  await sql`
    INSERT INTO projects (identifier, name, institute, reason, date_submitted, date_approved, date_start, date_end,
                          state_id, project_type_id, is_active, staff_resources_type, croris_finance)
    SELECT 'NR-' || (2020 + g % 6) || '-' || lpad((1 + g % 12)::text, 2, '0') || '-' || lpad(g::text, 5, '0'),
           'Projekt ' || g, 'Institucija ' || (g % 120), 'Opis projekta ' || g,
           now() - make_interval(days => g % 1500), CASE WHEN g % 3 = 0 THEN NULL ELSE now() - make_interval(days => g % 1400) END,
           (current_date - (g % 1500))::date, (current_date - (g % 1500) + 365)::date,
           (${sql.raw(`ARRAY[${states.join(',')}]`)})[1 + g % ${states.length}],
           (${sql.raw(`ARRAY[${types.join(',')}]`)})[1 + (g / 7) % ${types.length}],
           g % 2 = 0, '[{"label":"CPU","value":"CPU"}]'::jsonb, '["Euro fond"]'::jsonb
      FROM generate_series(1, ${projects}) g`.execute(db);
  // Member k of project p: distinct users for k = 0..4 (k·4729 mod 20000 differ); member 0 is the lead.
  await sql`
    INSERT INTO memberships (user_id, project_id, role_id, date_joined)
    SELECT ${first}::bigint + (p.id * 7919 + k * 104729) % ${users}, p.id,
           CASE WHEN k = 0 THEN ${lead}::int ELSE ${collaborator}::int END, now() - make_interval(days => k)
      FROM projects p CROSS JOIN generate_series(0, 4) k
     WHERE k <= p.id % 5
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO ssh_keys (user_id, name, fingerprint, public_key)
    SELECT u.id, 'key' || k, md5(u.id || '-' || k), 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA' || md5(u.id || 'k' || k)
      FROM users u CROSS JOIN generate_series(1, 2) k
     WHERE (u.id + k) % 3 <> 0`.execute(db);
  const staff = await db
    .insertInto('users')
    .values({ username: 'bench-staff', first_name: 'Bench', last_name: 'Staff', is_staff: true, status: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  // What the embedded database's vacuum job (or a server's autovacuum) does within a minute of a
  // bulk load, and what the import does at its end: the lists are timed in that state (decision 0550).
  const upkeep = await vacuumDueTables(db);
  await sql`ANALYZE`.execute(db);
  return { staffId: staff.id, upkeep };
}
