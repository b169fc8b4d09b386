import { sql, type Kysely } from 'kysely';

/*
 * The import from the centre's current portal (import-current, docs/migration.md).
 * `import_map` remembers, per source table and source id, which row here it became and a hash of
 * the source row as last imported: a re-run compares hashes and writes only what changed, and a
 * source row that disappears is found (and reported, never deleted here). `import_runs` keeps every
 * run's report, so the operator can read what the daily imports did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_map (
      source_table text NOT NULL,
      source_id bigint NOT NULL,
      target_id bigint NOT NULL,
      row_hash text NOT NULL,
      imported_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (source_table, source_id)
    )`.execute(db);
  await sql`
    CREATE TABLE import_runs (
      id bigserial PRIMARY KEY,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      changes integer NOT NULL,
      refused integer NOT NULL,
      report jsonb NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS import_runs`.execute(db);
  await sql`DROP TABLE IF EXISTS import_map`.execute(db);
}
