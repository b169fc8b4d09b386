import { sql, type Kysely } from 'kysely';

/*
 * One row per invitation a lead sends, kept when the invitation is cancelled or used, so that the
 * hourly cap on invitations (INVITES_PER_HOUR) cannot be reset by cancelling and sending again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS invite_sends (
    id serial PRIMARY KEY,
    inviter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sent_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS invite_sends_inviter_idx ON invite_sends (inviter_id, sent_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS invite_sends`.execute(db);
}
