import { sql, type Kysely } from 'kysely';

/*
 * Two things a user should be told in their own words.
 *
 * The interface language a user last used (hr or en), so mails reach them in it
 * (mail/mail-templates.ts). NULL until they use the web client: mails then follow the old rule
 * (English for foreign users, else Croatian). The column changes on its own at a language switch, so
 * the staff lists' cache ignores it like `last_login` (0003-list-cache.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text CHECK (language IN ('hr', 'en'))`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_list_cache_upd ON users`.execute(db);
  await sql`CREATE TRIGGER users_list_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION list_cache_note_change('last_login', 'password_hash', 'language')`.execute(db);
  await sql`CREATE TABLE cancelled_invites (key text PRIMARY KEY, cancelled_at timestamptz NOT NULL DEFAULT now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS cancelled_invites`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_list_cache_upd ON users`.execute(db);
  await sql`CREATE TRIGGER users_list_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION list_cache_note_change('last_login', 'password_hash')`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
