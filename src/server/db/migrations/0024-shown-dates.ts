import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, RETURN_IF_NO_ROWS } from '../statement-triggers';

/*
 * The projects' dates as the grids show them, kept by the database for their date filter
 * (docs/decisions/0540-shown-dates-kept.md).
 *
 * The projects and requests grids filter by a substring of the start or end date as shown
 * (dd.MM.yyyy). Written with to_char row by row, that text was most of a filtered count: 25,000
 * projects, two dates each, 60–80 ms. `projects.filter_dates` holds both texts, lowered and joined
 * by a line break (as 0021's filter columns), and a trigram index of it serves the filter.
 *
 * How a date is shown is the schema set's (rules/constants.json `dateFormat`), not the database's:
 * `shown_formats` holds the to_char pattern of each format, which the server writes from the
 * schema set in force at start and with every set it puts live (db/vocabularies.ts). A project's
 * texts follow its dates (a row trigger), and all projects' texts follow a new pattern (a
 * statement trigger on `shown_formats`). Until the server has written the pattern the column is
 * NULL, and nothing reads it before then.
 */

/** The `shown_formats` row of the dates' pattern. */
export const SHOWN_DATE = 'date';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE shown_formats (name text PRIMARY KEY, pattern text NOT NULL)`.execute(db);
  await sql`ALTER TABLE projects ADD COLUMN filter_dates text`.execute(db);
  await sql`
    CREATE FUNCTION projects_filter_dates(start_date date, end_date date) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT lower(coalesce(to_char(start_date::timestamp, f.pattern), '') || E'\\n' || coalesce(to_char(end_date::timestamp, f.pattern), ''))
        FROM shown_formats f WHERE f.name = ${sql.lit(SHOWN_DATE)}
    $$`.execute(db);
  await sql`
    CREATE FUNCTION projects_filter_dates_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.filter_dates := projects_filter_dates(NEW.date_start, NEW.date_end);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER projects_filter_dates_kept BEFORE INSERT OR UPDATE OF date_start, date_end ON projects
      FOR EACH ROW EXECUTE FUNCTION projects_filter_dates_row()`.execute(db);
  await sql`
    CREATE FUNCTION projects_filter_dates_all() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${sql.raw(RETURN_IF_NO_ROWS)}
      UPDATE projects SET filter_dates = projects_filter_dates(date_start, date_end);
      RETURN NULL;
    END $$`.execute(db);
  await createStatementTriggers(db, 'shown_formats', 'projects', 'projects_filter_dates_all', sql``);
  await sql`CREATE INDEX projects_dates_trgm_idx ON projects USING gin (filter_dates gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS projects_dates_trgm_idx`.execute(db);
  await dropStatementTriggers(db, 'shown_formats', 'projects');
  await sql`DROP FUNCTION IF EXISTS projects_filter_dates_all()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS projects_filter_dates_kept ON projects`.execute(db);
  await sql`DROP FUNCTION IF EXISTS projects_filter_dates_row()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS projects_filter_dates(date, date)`.execute(db);
  await sql`ALTER TABLE projects DROP COLUMN IF EXISTS filter_dates`.execute(db);
  await sql`DROP TABLE IF EXISTS shown_formats`.execute(db);
}
