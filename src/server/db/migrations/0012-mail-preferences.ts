import { sql, type Kysely } from 'kysely';

/*
 * Mail the way each user wants it (docs/decisions/0200-mail-preferences.md).
 *
 * - users.mail_language: the language the user chose for mails (NULL: the interface language they
 *   last used, as before); users.routine_mail: how routine notices reach them, 'immediate' or
 *   'weekly' (NULL: the default of api/mail-preferences.json). Both change on the user's own
 *   choice only, so the staff lists' cache ignores them like `language`.
 * - project_mail_mutes: a lead muted the routine notices about a project that go to them.
 * - digest_items: a routine notice kept for a user's weekly digest (its mail kind and template
 *   values; rendered in the user's language when the digest is made). digest_id is set by the
 *   digest that listed it.
 * - mail_digests: one row per user and digest moment: inserting it is how a process claims that
 *   user's digest of the week, so with any number of processes each digest is mailed once.
 * - usage_notices: one row per project and month whose usage summary went out (claimed the same way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN mail_language text CHECK (mail_language IN ('hr', 'en'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN routine_mail text`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_list_cache_upd ON users`.execute(db);
  await sql`CREATE TRIGGER users_list_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION list_cache_note_change('last_login', 'password_hash', 'language', 'mail_language', 'routine_mail')`.execute(db);
  await sql`
    CREATE TABLE project_mail_mutes (
      project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      muted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, user_id)
    )`.execute(db);
  await sql`
    CREATE TABLE mail_digests (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      period_end timestamptz NOT NULL,
      outbox_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, period_end)
    )`.execute(db);
  await sql`
    CREATE TABLE digest_items (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      project_id integer REFERENCES projects (id) ON DELETE SET NULL,
      params jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      digest_id integer REFERENCES mail_digests (id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX digest_items_pending_idx ON digest_items (user_id, created_at) WHERE digest_id IS NULL`.execute(db);
  await sql`
    CREATE TABLE usage_notices (
      project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      month date NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, month)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['usage_notices', 'digest_items', 'mail_digests', 'project_mail_mutes']) await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_list_cache_upd ON users`.execute(db);
  await sql`CREATE TRIGGER users_list_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION list_cache_note_change('last_login', 'password_hash', 'language')`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN routine_mail`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN mail_language`.execute(db);
}
