import { sql, type Kysely } from 'kysely';

/*
 * Staff changes carried over an upgrade (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md):
 * every shipped folder a process started on is kept by its hash (the base a staff set was made on
 * is needed to tell staff's changes from the release's), and a draft made by a rebase that needs a
 * decision names the staff set and the new base it came from, with the conflicts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE schema_bases (
      hash text PRIMARY KEY,
      docs json NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE schema_drafts ADD COLUMN rebase_of text`.execute(db);
  await sql`ALTER TABLE schema_drafts ADD COLUMN rebase_base text`.execute(db);
  await sql`ALTER TABLE schema_drafts ADD COLUMN conflicts json`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE schema_drafts DROP COLUMN IF EXISTS conflicts, DROP COLUMN IF EXISTS rebase_base, DROP COLUMN IF EXISTS rebase_of`.execute(db);
  await sql`DROP TABLE IF EXISTS schema_bases`.execute(db);
}
