import { sql, type Kysely } from 'kysely';

/*
 * Federated sign-in (docs/decisions/0080-saml-request-store.md).
 *
 * `saml_requests` holds the ids of the AuthnRequests this portal sent, until they expire. A response
 * is accepted only when its InResponseTo names a row that no response has consumed yet, and the
 * consuming UPDATE is atomic, so two processes on one database never both accept the same response.
 *
 * The sessions of a federated sign-in remember the NameID and SessionIndex the identity provider
 * gave, which single logout sends back to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE saml_requests (
      id varchar(128) PRIMARY KEY,
      federation varchar(16) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX saml_requests_expires_idx ON saml_requests (expires_at)`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN saml_name_id text, ADD COLUMN saml_name_id_format text, ADD COLUMN saml_session_index text`.execute(db);
  await sql`CREATE INDEX sessions_saml_name_id_idx ON sessions (saml_name_id) WHERE saml_name_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_saml_name_id_idx`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN saml_name_id, DROP COLUMN saml_name_id_format, DROP COLUMN saml_session_index`.execute(db);
  await sql`DROP TABLE saml_requests`.execute(db);
}
