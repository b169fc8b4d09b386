import { sql, type Kysely } from 'kysely';
import { sortKeySql } from '../sort-key-sql';

/*
 * Pages of the staff grids sorted on the server (grid-pages). The users grids sort by name
 * ("last first") in the portal's alphabetical order (schema-runtime/sort-key.ts): computing that key
 * per row costs tens of microseconds, too much for 100,000 users, so each user keeps it in a stored
 * column, computed by the same steps when a name changes, and pages sort by its bytes (then newest
 * first, as the list). The projects list's own order gets an index, so its first page is read off it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN name_key text GENERATED ALWAYS AS (${sql.raw(sortKeySql(`last_name || ' ' || first_name`))}) STORED`.execute(db);
  await sql`CREATE INDEX users_name_key_idx ON users (name_key COLLATE "C", date_joined DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX projects_list_order_idx ON projects (date_submitted DESC NULLS LAST, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS projects_list_order_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_name_key_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS name_key`.execute(db);
}
