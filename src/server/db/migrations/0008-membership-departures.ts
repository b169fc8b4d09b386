import { sql, type Kysely } from 'kysely';

/*
 * Members who left a project (the lead signed them off). A membership row is deleted when its
 * member leaves, so this is the only durable record of the departure; the project timeline
 * (projects/timeline.ts) reads it, with when they had joined. The person is copied, so the
 * row outlives the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE membership_departures (
      id bigserial PRIMARY KEY,
      project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      user_id bigint,
      member jsonb NOT NULL,
      role text NOT NULL,
      date_joined timestamptz NOT NULL,
      removed_by jsonb,
      date_left timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX membership_departures_project_idx ON membership_departures (project_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE membership_departures`.execute(db);
}
