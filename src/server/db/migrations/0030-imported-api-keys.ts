import { sql, type Kysely } from 'kysely';

/*
 * API keys brought from the current portal (decision 0590): where a key came from, and the expiry
 * date that portal's keys may carry. An imported key keeps that portal's hash of the whole key
 * (`sha512$$…` or Django's `pbkdf2_sha256$…`) in secret_hash; a key made here keeps the SHA-256
 * of its secret, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_keys
    ADD COLUMN origin text NOT NULL DEFAULT 'here' CHECK (origin IN ('here', 'current-portal')),
    ADD COLUMN expires_at timestamptz,
    ADD COLUMN imported_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_keys DROP COLUMN imported_at, DROP COLUMN expires_at, DROP COLUMN origin`.execute(db);
}
