import { sql, type Kysely } from 'kysely';

/*
 * The schema sets that went live (schema-live): each with its content hash, when, the
 * process that loaded it and why (start, folder watch, staff, command), its documents (so the next
 * entry's changes can be computed by any process) and its readable changes against the one before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE schema_sets (
      id bigserial PRIMARY KEY,
      hash text NOT NULL,
      went_live_at timestamptz NOT NULL DEFAULT now(),
      process text NOT NULL,
      origin text NOT NULL,
      docs jsonb NOT NULL,
      changes jsonb NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS schema_sets`.execute(db);
}
