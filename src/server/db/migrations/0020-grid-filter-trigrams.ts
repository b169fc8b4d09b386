import { sql, type Kysely } from 'kysely';

/*
 * Trigram indexes for the text filters of the server-paged grids (grid-pages,
 * docs/decisions/0280-incremental-list-upkeep.md). A text filter is a case-insensitive substring of
 * a column's text, compiled as `lower(<text>) LIKE '%needle%'`; a GIN index of `lower(<text>)`
 * with pg_trgm's operator class finds the rows holding the needle's trigrams instead of reading
 * every row. The expressions are exactly those compile-grid.ts writes (a person as
 * "First Last" trimmed), or the planner would not match them. pg_trgm is a trusted extension on
 * PostgreSQL and a loadable one in the embedded database (database.ts loads it).
 *
 * One multi-column index per table: GIN serves a condition on any of its columns, and a filter
 * over several columns (e-mail: username, person_username …) ORs scans of the one index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE INDEX users_text_filter_trgm_idx ON users USING gin (
      lower(btrim(first_name || ' ' || last_name)) gin_trgm_ops,
      lower(person_institution) gin_trgm_ops,
      lower(username) gin_trgm_ops,
      lower(person_username) gin_trgm_ops,
      lower(person_uniqueid) gin_trgm_ops,
      lower(person_mail) gin_trgm_ops)`.execute(db);
  await sql`
    CREATE INDEX projects_text_filter_trgm_idx ON projects USING gin (
      lower(name) gin_trgm_ops,
      lower(identifier) gin_trgm_ops,
      lower(institute) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS projects_text_filter_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_text_filter_trgm_idx`.execute(db);
}
