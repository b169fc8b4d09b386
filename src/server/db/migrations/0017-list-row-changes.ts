import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers } from '../statement-triggers';

/*
 * The whole-list answers kept current row by row (docs/decisions/0280-incremental-list-upkeep.md).
 *
 * Every statement that changes a table the lists read appends one row to `list_row_changes` naming
 * what it touched — `u:<user id>` (a user), `k:<user id>` (that user's keys), `p:<project id>` (a
 * project; a membership names its user and its project), `*` (a vocabulary: everything) — and
 * sends `NOTIFY portal_lists` at commit. Each process re-reads only those rows of its lists.
 *
 * `xid` is the writing transaction: a reader that remembers the oldest transaction still running
 * at its last read (`pg_snapshot_xmin`) finds every change committed since, also those of
 * transactions that began earlier and committed later (a bigserial id alone would skip them).
 * Columns no list shows (`IGNORED`, as in 0003/0012) touch nothing. The stored answers and table
 * versions of 0003 are no longer read, but they stay (with their triggers) for this release:
 * migrations only add, so a process of the previous release, still running during a rolling
 * upgrade (docs/deploy.md, "Upgrades"), keeps its lists correct. A later release drops them.
 */
const TRACKED: Record<string, string> = {
  users: 'u:id',
  memberships: 'u:user_id,p:project_id',
  projects: 'p:id',
  ssh_keys: 'k:user_id',
  states: '*',
  roles: '*',
  project_types: '*',
};

const IGNORED: Record<string, string[]> = { users: ['last_login', 'password_hash', 'language', 'mail_language', 'routine_mail'] };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE list_row_changes (
      id bigserial PRIMARY KEY,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      at timestamptz NOT NULL DEFAULT now(),
      refs text[] NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX list_row_changes_xid_idx ON list_row_changes (xid)`.execute(db);
  await sql`CREATE INDEX list_row_changes_at_idx ON list_row_changes (at)`.execute(db);

  // TG_ARGV[0]: what a row touches ('kind:column' pairs, or '*'); the rest: columns to ignore.
  await sql`
    CREATE FUNCTION list_rows_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      specs text[] := string_to_array(TG_ARGV[0], ',');
      ignored text[] := coalesce(TG_ARGV[1:], '{}');
      changed jsonb[];
      touched text[];
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        touched := '{*}';
      ELSE
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(to_jsonb(n)) INTO changed FROM new_rows n;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(to_jsonb(o)) INTO changed FROM old_rows o;
        ELSE
          SELECT array_agg(r) INTO changed FROM (
            (SELECT to_jsonb(n) - ignored AS r FROM new_rows n EXCEPT SELECT to_jsonb(o) - ignored FROM old_rows o)
            UNION ALL
            (SELECT to_jsonb(o) - ignored FROM old_rows o EXCEPT SELECT to_jsonb(n) - ignored FROM new_rows n)) x;
        END IF;
        IF changed IS NULL THEN RETURN NULL; END IF;
        IF specs = '{*}' THEN
          touched := '{*}';
        ELSE
          SELECT array_agg(DISTINCT split_part(s, ':', 1) || ':' || (c ->> split_part(s, ':', 2))) INTO touched
            FROM unnest(changed) AS c, unnest(specs) AS s;
        END IF;
      END IF;
      INSERT INTO list_row_changes (refs) VALUES (touched);
      PERFORM pg_notify('portal_lists', '');
      RETURN NULL;
    END
    $$`.execute(db);

  for (const [table, spec] of Object.entries(TRACKED)) {
    const args = sql.join([spec, ...(IGNORED[table] ?? [])].map((c) => sql.lit(c)));
    await createStatementTriggers(db, table, 'list_rows', 'list_rows_note_change', args);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(TRACKED)) await dropStatementTriggers(db, table, 'list_rows');
  await sql`DROP FUNCTION IF EXISTS list_rows_note_change()`.execute(db);
  await sql`DROP TABLE IF EXISTS list_row_changes`.execute(db);
}
