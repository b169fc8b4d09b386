import { sql, type Kysely } from 'kysely';

/*
 * Accounting (docs/decisions/0090-accounting-storage.md): API keys for the external callers, the
 * job records the clusters send, and monthly aggregates per (cluster, project, user, month) kept up
 * to date in the transaction that stores the jobs. Every accounting answer reads the aggregates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      name text NOT NULL,
      prefix text NOT NULL UNIQUE,
      secret_hash text NOT NULL,
      scopes jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);

  // job_id: the cluster's job id, or a digest of the record when the cluster sends none.
  // user_id and project_id carry no foreign keys: their checks doubled the cost of an ingest. The
  // triggers below remove a deleted user's or project's jobs instead (rare; a scan is fine there).
  await sql`
    CREATE TABLE usage_jobs (
      id bigserial PRIMARY KEY,
      cluster text NOT NULL,
      job_id text NOT NULL,
      has_job_id boolean NOT NULL,
      user_id integer,
      project_id integer NOT NULL,
      end_time timestamptz NOT NULL,
      month date NOT NULL,
      cpuh double precision NOT NULL,
      gpuh double precision NOT NULL,
      record jsonb NOT NULL,
      UNIQUE (cluster, job_id)
    )`.execute(db);

  // user_id NULL: usage a cluster reports per project only (cloud).
  await sql`
    CREATE TABLE usage_monthly (
      cluster text NOT NULL,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      month date NOT NULL,
      cpuh double precision NOT NULL,
      gpuh double precision NOT NULL,
      jobs integer NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX usage_monthly_key ON usage_monthly (cluster, project_id, user_id, month) NULLS NOT DISTINCT`.execute(db);
  await sql`CREATE INDEX usage_monthly_user_idx ON usage_monthly (user_id, month)`.execute(db);
  await sql`CREATE INDEX usage_monthly_project_idx ON usage_monthly (project_id, month)`.execute(db);

  await sql`
    CREATE FUNCTION usage_jobs_forget() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'projects' THEN
        DELETE FROM usage_jobs WHERE project_id IN (SELECT id FROM old_rows);
      ELSE
        DELETE FROM usage_jobs WHERE user_id IN (SELECT id FROM old_rows);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  for (const table of ['projects', 'users'])
    await sql`CREATE TRIGGER ${sql.id(`${table}_usage_jobs_forget`)} AFTER DELETE ON ${sql.id(table)}
              REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_jobs_forget()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['projects', 'users']) await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_usage_jobs_forget`)} ON ${sql.id(table)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS usage_jobs_forget()`.execute(db);
  for (const table of ['usage_monthly', 'usage_jobs', 'api_keys']) await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
}
