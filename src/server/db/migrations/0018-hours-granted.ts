import { sql, type Kysely } from 'kysely';

/*
 * Hours granted (docs/decisions/0290-hours-granted.md): the grants staff set on approval and on
 * extension, the warnings each grant has had (a row claims a warning, so several processes send
 * it once), the figures the staff grid sorts and filters by, and the optional CPU time and GPU
 * utilisation of the jobs with their monthly sums.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The newest row of a (project, cluster) is the grant in force; older ones stay as history.
  await sql`
    CREATE TABLE project_grants (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      cluster text NOT NULL,
      cpuh double precision,
      gpuh double precision,
      state text NOT NULL,
      granted_by jsonb,
      granted_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX project_grants_project_idx ON project_grants (project_id, cluster, id DESC)`.execute(db);
  // kind: 'cpuh' or 'gpuh'; threshold: a key of rules/grants.json thresholds.
  await sql`
    CREATE TABLE grant_warnings (
      grant_id integer NOT NULL REFERENCES project_grants (id) ON DELETE CASCADE,
      kind text NOT NULL,
      threshold text NOT NULL,
      flagged boolean NOT NULL DEFAULT false,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (grant_id, kind, threshold)
    )`.execute(db);
  // Kept on the project row so that the staff grid sorts, filters and pages by them in SQL; the
  // projects table already tells the list cache when they change.
  await sql`ALTER TABLE projects ADD COLUMN grant_used_percent double precision`.execute(db);
  await sql`ALTER TABLE projects ADD COLUMN grant_runs_out date`.execute(db);
  // NULL: the job did not report it (unknown, never counted as fully used).
  await sql`ALTER TABLE usage_jobs ADD COLUMN cpu_used double precision`.execute(db);
  await sql`ALTER TABLE usage_jobs ADD COLUMN gpu_used double precision`.execute(db);
  // The same, summed over the jobs that reported them, with the hours of those jobs.
  for (const column of ['cpu_used', 'cpuh_known', 'gpu_used', 'gpuh_known'])
    await sql`ALTER TABLE usage_monthly ADD COLUMN ${sql.id(column)} double precision NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['cpu_used', 'cpuh_known', 'gpu_used', 'gpuh_known']) await sql`ALTER TABLE usage_monthly DROP COLUMN ${sql.id(column)}`.execute(db);
  for (const column of ['cpu_used', 'gpu_used']) await sql`ALTER TABLE usage_jobs DROP COLUMN ${sql.id(column)}`.execute(db);
  for (const column of ['grant_used_percent', 'grant_runs_out']) await sql`ALTER TABLE projects DROP COLUMN ${sql.id(column)}`.execute(db);
  for (const table of ['grant_warnings', 'project_grants']) await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
}
