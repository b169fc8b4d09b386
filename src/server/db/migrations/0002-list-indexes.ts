import { sql, type Kysely } from 'kysely';

/*
 * Indexes for the staff user lists and the inactive-user sweep. Memberships by user and SSH keys by
 * user are already served by the leading user_id of their unique constraints (0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // inactive-users/: the users whose status is false, newest first, without reading the active ones.
  await sql`CREATE INDEX IF NOT EXISTS users_inactive_joined_idx ON users (date_joined DESC, id DESC) WHERE NOT status`.execute(db);
  // active-users/ answers newest account first.
  await sql`CREATE INDEX IF NOT EXISTS users_joined_idx ON users (date_joined DESC, id DESC)`.execute(db);
  // ops-users/ and the software adder check: the few staff and superuser accounts, in list order.
  await sql`CREATE INDEX IF NOT EXISTS users_admins_idx ON users (last_name, first_name, username) WHERE is_staff OR is_superuser`.execute(db);
  // The sweep visits only users still marked active.
  await sql`CREATE INDEX IF NOT EXISTS users_sweep_idx ON users (id) WHERE status AND NOT is_staff AND NOT is_superuser`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['users_sweep_idx', 'users_admins_idx', 'users_joined_idx', 'users_inactive_joined_idx'])
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
}
