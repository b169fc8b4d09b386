import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers } from '../statement-triggers';

/*
 * The stored answers of the staff list endpoints and the change counters that say when one is out
 * of date (docs/decisions/0042-list-answer-cache.md).
 *
 * A table's version is `table_versions.version` plus its rows in `table_changes`. Triggers only
 * ever INSERT into `table_changes`: a counter row updated by every writer would make all writers of
 * a table queue behind each other until commit, and two transactions touching two tables in opposite
 * orders would deadlock on the counters. Rebuilding a list folds its tables' changes into
 * `table_versions` again, so the log stays short. The version changes exactly when a transaction
 * that changed the table commits (a rolled-back one leaves no row), which is what a reader needs.
 */

/** The tables some cached list reads. A list may only depend on tables named here. */
const TRACKED = ['users', 'memberships', 'projects', 'states', 'roles', 'project_types', 'ssh_keys', 'staff_comments', 'extensions'];

/**
 * Columns that no list shows and that change on their own often: an update touching only these
 * leaves the lists valid. `last_login` is written at every sign-in; without this, every sign-in
 * would throw away all three lists. A list that starts showing one of them must remove it here.
 */
const IGNORED: Record<string, string[]> = { users: ['last_login', 'password_hash'] };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE table_versions (name text PRIMARY KEY, version bigint NOT NULL)`.execute(db);
  await sql`CREATE TABLE table_changes (id bigserial PRIMARY KEY, name text NOT NULL)`.execute(db);
  await sql`CREATE INDEX table_changes_name_idx ON table_changes (name)`.execute(db);
  // created_at: when the versions the body was built from were read (an older build never replaces a newer one).
  await sql`
    CREATE TABLE list_cache (
      name text PRIMARY KEY,
      versions text NOT NULL,
      body bytea NOT NULL,
      etag text NOT NULL,
      created_at timestamptz
    )`.execute(db);
  await sql`INSERT INTO table_versions (name, version) SELECT unnest(${TRACKED}::text[]), 0`.execute(db);

  // Statements that change no row (ON CONFLICT DO NOTHING, an UPDATE writing the same values, or
  // only ignored columns) record nothing, so they do not throw the lists away.
  await sql`
    CREATE FUNCTION list_cache_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ignored text[] := coalesce(TG_ARGV::text[], '{}');
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
      ELSIF TG_OP = 'UPDATE' THEN
        IF NOT EXISTS (SELECT to_jsonb(n) - ignored FROM new_rows n
                       EXCEPT SELECT to_jsonb(o) - ignored FROM old_rows o) THEN
          RETURN NULL;
        END IF;
      END IF;
      INSERT INTO table_changes (name) VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END
    $$`.execute(db);

  for (const table of TRACKED) {
    const args = sql.join((IGNORED[table] ?? []).map((c) => sql.lit(c)));
    await createStatementTriggers(db, table, 'list_cache', 'list_cache_note_change', args);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TRACKED) await dropStatementTriggers(db, table, 'list_cache');
  await sql`DROP FUNCTION IF EXISTS list_cache_note_change()`.execute(db);
  for (const table of ['list_cache', 'table_changes', 'table_versions']) await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
}
