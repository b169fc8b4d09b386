import { sql, type Kysely } from 'kysely';

/*
 * Processes keep signed-in users' sessions in memory (sessions/session-cache.ts) and must forget
 * one the moment it ends anywhere. Every change to a session, to a user or to a user's
 * memberships sends `NOTIFY portal_auth, '<user id>'` when its transaction commits; each process
 * listens and drops what it holds for that user. PostgreSQL folds identical notifications of one
 * transaction into one, so a bulk statement sends one per user it touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      uid bigint;
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        uid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
      ELSE
        uid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
        IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
          PERFORM pg_notify('portal_auth', OLD.user_id::text);
        END IF;
      END IF;
      PERFORM pg_notify('portal_auth', uid::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sessions_auth_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_auth_notify()`.execute(db);
  await sql`CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_auth_notify()`.execute(db);
  await sql`CREATE TRIGGER memberships_auth_notify AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION portal_auth_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER memberships_auth_notify ON memberships`.execute(db);
  await sql`DROP TRIGGER users_auth_notify ON users`.execute(db);
  await sql`DROP TRIGGER sessions_auth_notify ON sessions`.execute(db);
  await sql`DROP FUNCTION portal_auth_notify()`.execute(db);
}
