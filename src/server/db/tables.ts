import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';
import type { GrantWarningsTable, ProjectGrantsTable } from './tables-grants';
import type { SchemaBasesTable, SchemaDraftsTable, SchemaSetsTable, UserGroupsTable } from './tables-rules';
import type { DigestItemsTable, MailDigestsTable, OutboxTable, ProjectMailMutesTable, ProjectNoticesTable, UsageNoticesTable } from './tables-mail';

/** Database row shapes (the API shapes live in generated/; these are storage). */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  is_staff: Generated<boolean>;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  status: Generated<boolean>;
  person_uniqueid: Generated<string>;
  person_institution: Generated<string>;
  person_institution_oib: Generated<string>;
  person_organisation: Generated<string>;
  person_affiliation: Generated<string>;
  person_oib: Generated<string>;
  person_type: Generated<string>;
  person_mail: Generated<string>;
  person_username: Generated<string>;
  croris_first_name: Generated<string>;
  croris_last_name: Generated<string>;
  croris_mail: Generated<string>;
  croris_mbz: string | null;
  date_joined: CreatedAt;
  last_login: Timestamp | null;
  /** The interface language last used (0010); null until the user used the web client. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the user chose for mails (0012); null: `language` decides. */
  mail_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** How routine notices reach the user, 'immediate' or 'weekly' (0012); null: the schema's default. */
  routine_mail: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sort key of "last_name first_name" (0013; schema-runtime/sort-key.ts), kept by the database. */
  name_key: ColumnType<string, never, never>;
  /** The grids' name, institution and e-mail filters' texts lowered, kept by the database (0021). */
  filter_name: ColumnType<string | null, never, never>;
  filter_institution: ColumnType<string | null, never, never>;
  filter_mail: ColumnType<string, never, never>;
  /** Whether `active_members` holds the user, kept by a trigger (migration 0023). */
  active_member: ColumnType<boolean, never, never>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  saml2_idp: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  saml_name_id: ColumnType<string | null, string | null | undefined, string | null>;
  saml_name_id_format: ColumnType<string | null, string | null | undefined, string | null>;
  saml_session_index: ColumnType<string | null, string | null | undefined, string | null>;
  /** The service provider a federated session signed in through, 'national' or 'edugain' (0015); null: password. */
  saml_federation: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a request last came with the session, to the minute (0026): the idle timeout counts from it. */
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The User-Agent of the browser that signed in (0026), at most 512 characters. */
  user_agent: ColumnType<string, string | undefined, string>;
  /** The client address that last used the session (0026). */
  ip: ColumnType<string, string | undefined, string>;
}

export interface SamlRequestsTable {
  id: string;
  federation: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

/** The key of an invitation its inviter cancelled (0010), until it would have expired. */
export interface CancelledInvitesTable {
  key: string;
  cancelled_at: CreatedAt;
}

/** One row per invitation sent (0006), for the hourly cap per lead. */
export interface InviteSendsTable {
  id: Generated<number>;
  inviter_id: number;
  sent_at: CreatedAt;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  attempted_at: CreatedAt;
}

export interface LookupTable {
  id: Generated<number>;
  name: string;
}

/** The states whose projects make their members active users, and those users (migration 0022). */
export interface ActiveStatesTable {
  state_id: number;
}
export interface ActiveMembersTable {
  user_id: number;
}

/** How the schema set in force shows values, as to_char patterns by format (migration 0024). */
export interface ShownFormatsTable {
  name: string;
  pattern: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  identifier: string;
  name: string;
  institute: Generated<string>;
  reason: string;
  date_approved: Timestamp | null;
  date_start: string | null;
  date_end: string | null;
  date_submitted: Timestamp | null;
  date_changed: Timestamp | null;
  approved_by: Json<unknown> | null;
  denied_by: Json<unknown> | null;
  changed_by: Json<unknown> | null;
  change_history: JsonWithDefault<unknown[]>;
  science_field: Json<unknown> | null;
  science_software: Json<unknown> | null;
  science_extrasoftware: Generated<string>;
  science_extrasoftware_help: Generated<boolean>;
  resources_numbers: Json<unknown> | null;
  resources_type: Json<unknown> | null;
  staff_resources_type: Json<unknown> | null;
  is_active: Generated<boolean>;
  croris_title: Generated<string>;
  croris_start: string | null;
  croris_end: string | null;
  croris_identifier: Generated<string>;
  croris_id: number | null;
  croris_summary: Generated<string>;
  croris_collaborators: Json<unknown> | null;
  croris_lead: Json<unknown> | null;
  croris_finance: Json<unknown> | null;
  croris_institute: Json<unknown> | null;
  croris_type: Generated<string>;
  state_id: number;
  project_type_id: number;
  /** The largest share used of a grant in force and the earliest run-out date (0018, grants). */
  grant_used_percent: Generated<number | null>;
  grant_runs_out: Generated<string | null>;
  /** The grids' search filter's texts lowered, kept by the database (0021). */
  filter_search: ColumnType<string, never, never>;
  /** The start and end dates as shown, lowered and joined by a line break, kept by triggers (migration 0024). */
  filter_dates: ColumnType<string | null, never, never>;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  role_id: number;
  date_joined: CreatedAt;
}

export interface StaffCommentsTable {
  id: Generated<number>;
  project_id: number;
  comment: string | null;
  date: CreatedAt;
  comment_by: Json<unknown> | null;
  project_state: string;
}

export interface ExtensionsTable {
  id: Generated<number>;
  project_id: number;
  reason: string;
  date_end: string;
  approved: Generated<boolean>;
  date_submitted: CreatedAt;
  processed_by: Json<unknown> | null;
  date_processed: Timestamp | null;
}

export interface SshKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  fingerprint: string;
  public_key: string;
  date_created: CreatedAt;
}

export interface InvitesTable {
  id: Generated<number>;
  key: string;
  email: string;
  project_id: number;
  inviter_id: number | null;
  accepted: Generated<boolean>;
  created: CreatedAt;
  sent: Timestamp | null;
  person_oib: Generated<string>;
  invtype: string;
}

export interface ScienceSoftwareTable {
  id: Generated<number>;
  name: string;
  created: CreatedAt;
  added_by: Json<unknown> | null;
}

export interface RegistrySnapshotsTable {
  person_oib: string;
  fetched_at: Timestamp;
  status_code: number;
  payload: Json<unknown>;
}

export interface ProjectCounterTable {
  id: number;
  counter: number;
  month: string;
}

/** A member who left a project (migration 0008): who, who removed them, when. */
export interface MembershipDeparturesTable {
  id: Generated<number>;
  project_id: number;
  user_id: number | null;
  member: Json<unknown>;
  role: string;
  date_joined: Timestamp;
  removed_by: Json<unknown> | null;
  date_left: CreatedAt;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: Json<string[]>;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** Made here (`npm run api-key`) or brought from the current portal by the import (0030). */
  origin: Generated<'here' | 'current-portal'>;
  expires_at: Timestamp | null;
  imported_at: Timestamp | null;
}

export interface UsageJobsTable {
  id: Generated<number>;
  cluster: string;
  job_id: string;
  has_job_id: boolean;
  user_id: number | null;
  project_id: number;
  end_time: Timestamp;
  month: string;
  cpuh: number;
  gpuh: number;
  record: Json<unknown>;
  /** CPU time used, hours (0018); NULL when the job did not report it. */
  cpu_used: number | null;
  /** GPU hours actually used (hours × utilisation, 0018); NULL when not reported. */
  gpu_used: number | null;
}

export interface UsageMonthlyTable {
  cluster: string;
  project_id: number;
  user_id: number | null;
  month: string;
  cpuh: number;
  gpuh: number;
  jobs: number;
  /** Sums over the jobs that reported CPU time / GPU utilisation, and those jobs' hours (0018). */
  cpu_used: Generated<number>;
  cpuh_known: Generated<number>;
  gpu_used: Generated<number>;
  gpuh_known: Generated<number>;
}

/** Which row here a row of the current portal's database became (0014), and its hash then. */
export interface ImportMapTable {
  source_table: string;
  source_id: number;
  target_id: number;
  row_hash: string;
  imported_at: CreatedAt;
}

/** One run of the import from the current portal (0014) and its report. */
export interface ImportRunsTable {
  id: Generated<number>;
  started_at: Timestamp;
  finished_at: CreatedAt;
  changes: number;
  refused: number;
  report: Json<unknown>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  invite_sends: InviteSendsTable;
  cancelled_invites: CancelledInvitesTable;
  states: LookupTable;
  project_types: LookupTable;
  roles: LookupTable;
  projects: ProjectsTable;
  project_notices: ProjectNoticesTable;
  project_mail_mutes: ProjectMailMutesTable;
  mail_digests: MailDigestsTable;
  digest_items: DigestItemsTable;
  usage_notices: UsageNoticesTable;
  memberships: MembershipsTable;
  membership_departures: MembershipDeparturesTable;
  staff_comments: StaffCommentsTable;
  extensions: ExtensionsTable;
  ssh_keys: SshKeysTable;
  invites: InvitesTable;
  science_software: ScienceSoftwareTable;
  registry_snapshots: RegistrySnapshotsTable;
  project_counter: ProjectCounterTable;
  outbox: OutboxTable;
  api_keys: ApiKeysTable;
  usage_jobs: UsageJobsTable;
  usage_monthly: UsageMonthlyTable;
  project_grants: ProjectGrantsTable;
  grant_warnings: GrantWarningsTable;
  saml_requests: SamlRequestsTable;
  import_map: ImportMapTable;
  import_runs: ImportRunsTable;
  schema_sets: SchemaSetsTable;
  schema_drafts: SchemaDraftsTable;
  schema_bases: SchemaBasesTable;
  user_groups: UserGroupsTable;
  active_states: ActiveStatesTable;
  active_members: ActiveMembersTable;
  shown_formats: ShownFormatsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
