import { sql, type Kysely } from 'kysely';

/*
 * Sessions a user can see and end (docs/decisions/0621-sessions-idle-and-listed.md). A session
 * remembers when it was last used, from which address and by which browser (its User-Agent), so
 * that it ends after an idle time and its user can tell their sessions apart on My info.
 *
 * Marking a session used writes its row about once a minute; that must not send the `portal_auth`
 * notification (migration 0011), which would drop the user's sessions from every process's cache
 * each time. So the sessions trigger fires only on an update of what a process holds (the user,
 * the CSRF token, the identity provider, the expiry) and on a delete.
 *
 * Switching a user off ends their sessions, whoever does it (the user-admin tool, an import, a
 * statement by hand): a trigger deletes them in the same transaction, and the delete notifies
 * every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions
      ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN user_agent text NOT NULL DEFAULT '',
      ADD COLUMN ip text NOT NULL DEFAULT ''`.execute(db);
  await sql`DROP TRIGGER sessions_auth_notify ON sessions`.execute(db);
  await sql`
    CREATE TRIGGER sessions_auth_notify AFTER UPDATE OF user_id, csrf_token, saml2_idp, expires_at OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION portal_auth_notify()`.execute(db);
  await sql`
    CREATE FUNCTION portal_end_sessions_of_inactive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM sessions WHERE user_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_end_sessions_of_inactive AFTER UPDATE OF is_active ON users
    FOR EACH ROW WHEN (OLD.is_active AND NOT NEW.is_active) EXECUTE FUNCTION portal_end_sessions_of_inactive()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_end_sessions_of_inactive ON users`.execute(db);
  await sql`DROP FUNCTION portal_end_sessions_of_inactive()`.execute(db);
  await sql`DROP TRIGGER sessions_auth_notify ON sessions`.execute(db);
  await sql`CREATE TRIGGER sessions_auth_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_auth_notify()`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN last_used_at, DROP COLUMN user_agent, DROP COLUMN ip`.execute(db);
}
