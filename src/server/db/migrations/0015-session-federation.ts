import { sql, type Kysely } from 'kysely';

/*
 * Single logout follows the service provider a session signed in through
 * (docs/decisions/0250-saml-bound-to-the-browser.md): `sessions.saml_federation` is `national` or
 * `edugain`, null for password sessions. Federated sessions from before this migration
 * get the federation the old rule would have chosen (the word "edugainproxy" in the identity
 * provider's entity id), so nobody signed in at the upgrade loses single logout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN saml_federation varchar(16)`.execute(db);
  await sql`
    UPDATE sessions SET saml_federation = CASE WHEN saml2_idp LIKE '%edugainproxy%' THEN 'edugain' ELSE 'national' END
    WHERE saml2_idp IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN saml_federation`.execute(db);
}
