import { sql, type Kysely } from 'kysely';

/*
 * The rules in staff's hands (docs/decisions/0640-rules-edited-in-the-browser.md): a set that staff
 * put live records who did it, their note and the hash of the shipped folder it was made on (the
 * release's base); drafts are sets being edited, never live until published; `user_groups` names
 * the groups a setting may give the editing to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE schema_sets ADD COLUMN author_id integer REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE schema_sets ADD COLUMN note text`.execute(db);
  await sql`ALTER TABLE schema_sets ADD COLUMN base_hash text`.execute(db);
  await sql`ALTER TABLE schema_sets ALTER COLUMN docs TYPE json`.execute(db);
  await sql`
    CREATE TABLE schema_drafts (
      id bigserial PRIMARY KEY,
      author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      from_hash text NOT NULL,
      docs json NOT NULL,
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'published', 'discarded')),
      approved_by integer REFERENCES users(id) ON DELETE SET NULL,
      published_set_id bigint REFERENCES schema_sets(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`
    CREATE TABLE user_groups (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      PRIMARY KEY (user_id, name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS user_groups`.execute(db);
  await sql`DROP TABLE IF EXISTS schema_drafts`.execute(db);
  await sql`ALTER TABLE schema_sets ALTER COLUMN docs TYPE jsonb`.execute(db);
  await sql`ALTER TABLE schema_sets DROP COLUMN IF EXISTS base_hash, DROP COLUMN IF EXISTS note, DROP COLUMN IF EXISTS author_id`.execute(db);
}
