import { sql, type Kysely } from 'kysely';

/*
 * The notices the automatic project lifecycle has sent (projects/lifecycle.ts). One row
 * per (project, kind, end date): inserting it is how a process claims the notice, so that with
 * several processes each notice is mailed once, and an extension (a new end date) starts over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE project_notices (
      project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      kind text NOT NULL,
      date_end date NOT NULL,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (project_id, kind, date_end)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_notices`.execute(db);
}
