import { sql, type Kysely } from 'kysely';

/* Only PostgreSQL 15 features: the embedded database is newer, production servers are 15. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_staff', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('person_uniqueid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_institution', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_institution_oib', 'varchar(11)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_organisation', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_affiliation', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_oib', 'varchar(11)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_type', 'varchar(16)', (c) => c.notNull().defaultTo('local'))
    .addColumn('person_mail', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_username', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_first_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_last_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_mail', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_mbz', 'varchar(10)')
    .addColumn('date_joined', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX users_person_username_key ON users (person_username) WHERE person_username <> ''`.execute(db);
  await db.schema.createIndex('users_person_oib_idx').on('users').column('person_oib').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('saml2_idp', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_key_idx').on('login_attempts').columns(['key', 'attempted_at']).execute();

  for (const table of ['states', 'project_types', 'roles']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
      .execute();
  }

  await db.schema
    .createTable('projects')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('identifier', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(512)', (c) => c.notNull())
    .addColumn('institute', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(8192)', (c) => c.notNull())
    .addColumn('date_approved', 'timestamptz')
    .addColumn('date_start', 'date')
    .addColumn('date_end', 'date')
    .addColumn('date_submitted', 'timestamptz')
    .addColumn('date_changed', 'timestamptz')
    .addColumn('approved_by', 'jsonb')
    .addColumn('denied_by', 'jsonb')
    .addColumn('changed_by', 'jsonb')
    .addColumn('change_history', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('science_field', 'jsonb')
    .addColumn('science_software', 'jsonb')
    .addColumn('science_extrasoftware', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('science_extrasoftware_help', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('resources_numbers', 'jsonb')
    .addColumn('resources_type', 'jsonb')
    .addColumn('staff_resources_type', 'jsonb')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('croris_title', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_start', 'date')
    .addColumn('croris_end', 'date')
    .addColumn('croris_identifier', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_id', 'bigint')
    .addColumn('croris_summary', 'varchar(8192)', (c) => c.notNull().defaultTo(''))
    .addColumn('croris_collaborators', 'jsonb')
    .addColumn('croris_lead', 'jsonb')
    .addColumn('croris_finance', 'jsonb')
    .addColumn('croris_institute', 'jsonb')
    .addColumn('croris_type', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
    .addColumn('project_type_id', 'integer', (c) => c.notNull().references('project_types.id'))
    .execute();
  await db.schema.createIndex('projects_state_idx').on('projects').column('state_id').execute();
  await db.schema.createIndex('projects_submitted_idx').on('projects').column('date_submitted').execute();
  await sql`CREATE UNIQUE INDEX projects_croris_id_key ON projects (croris_id) WHERE croris_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('date_joined', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('memberships_user_project_role_key', ['user_id', 'project_id', 'role_id'])
    .execute();
  await db.schema.createIndex('memberships_project_idx').on('memberships').column('project_id').execute();

  await db.schema
    .createTable('staff_comments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('comment', 'varchar(4096)')
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('comment_by', 'jsonb')
    .addColumn('project_state', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('extensions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(4096)', (c) => c.notNull())
    .addColumn('date_end', 'date', (c) => c.notNull())
    .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('date_submitted', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_by', 'jsonb')
    .addColumn('date_processed', 'timestamptz')
    .execute();

  await db.schema
    .createTable('ssh_keys')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(47)', (c) => c.notNull())
    .addColumn('public_key', 'varchar(2000)', (c) => c.notNull())
    .addColumn('date_created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ssh_keys_user_fingerprint_key', ['user_id', 'fingerprint'])
    .addUniqueConstraint('ssh_keys_user_name_key', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inviter_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent', 'timestamptz')
    .addColumn('person_oib', 'varchar(11)', (c) => c.notNull().defaultTo(''))
    .addColumn('invtype', 'varchar(16)', (c) => c.notNull())
    .addUniqueConstraint('invites_project_email_key', ['project_id', 'email'])
    .execute();

  await db.schema
    .createTable('science_software')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('added_by', 'jsonb')
    .execute();

  await db.schema
    .createTable('registry_snapshots')
    .addColumn('person_oib', 'varchar(11)', (c) => c.primaryKey())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('project_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO project_counter (id, counter, month) VALUES (1, 0, to_char(now(), 'YYYY-MM'))`.execute(db);

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_addr', 'varchar(1024)', (c) => c.notNull())
    .addColumn('cc_addr', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('from_addr', 'varchar(256)', (c) => c.notNull())
    .addColumn('subject', 'varchar(512)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await sql`CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox', 'project_counter', 'registry_snapshots', 'science_software', 'invites', 'ssh_keys', 'extensions',
    'staff_comments', 'memberships', 'projects', 'roles', 'project_types', 'states', 'login_attempts', 'sessions', 'users',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
