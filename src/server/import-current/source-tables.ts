/**
 * The current portal's tables as its own Django migrations create them (the schema the importer
 * reads; see docs/migration.md). Only the tables and columns the import uses are declared.
 * JSON columns arrive parsed (node-postgres parses jsonb); dates stay `yyyy-MM-dd` text.
 */
import type { Generated } from 'kysely';

type Json = unknown;

export interface SourceUser {
  id: Generated<number>;
  password: string;
  last_login: Date | null;
  is_superuser: boolean;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_staff: boolean;
  is_active: boolean;
  date_joined: Date;
  croris_first_name: string;
  croris_last_name: string;
  person_affiliation: string;
  person_institution: string;
  person_uniqueid: string;
  croris_mail: string;
  person_mail: string;
  person_oib: string;
  person_organisation: string;
  status: boolean;
  croris_mbz: string | null;
  mailinglist_subscribe: boolean;
  person_institution_oib: string;
  person_username: string;
  person_institution_realm: string;
  person_institution_manual_set: boolean;
  person_type: string;
  person_type_manual_set: boolean;
}

export interface SourceProject {
  id: Generated<number>;
  name: string;
  reason: string;
  date_start: string | null;
  date_end: string | null;
  date_submitted: Date | null;
  date_changed: Date | null;
  approved_by: Json | null;
  denied_by: Json | null;
  science_field: Json | null;
  science_software: Json | null;
  science_extrasoftware: string;
  science_extrasoftware_help: boolean;
  resources_numbers: Json | null;
  resources_type: Json | null;
  is_active: boolean;
  croris_title: string;
  croris_start: string | null;
  croris_end: string | null;
  croris_identifier: string;
  croris_id: number | null;
  croris_summary: string;
  croris_collaborators: Json | null;
  croris_lead: Json | null;
  croris_finance: Json | null;
  croris_type: string;
  state_id: number | null;
  project_type_id: number | null;
  identifier: string;
  staff_resources_type: Json | null;
  croris_institute: Json | null;
  institute: string;
  change_history: Json | null;
  changed_by: Json | null;
  date_approved: Date | null;
}

export interface SourceLookup {
  id: Generated<number>;
  name: string;
}

export interface SourceMembership {
  id: Generated<number>;
  date_joined: Date | null;
  project_id: number;
  role_id: number;
  user_id: number;
}

export interface SourceSshKey {
  id: Generated<number>;
  name: string;
  fingerprint: string;
  public_key: string;
  user_id: number;
  date_created: Date | null;
}

export interface SourceInvitation {
  id: Generated<number>;
  accepted: boolean;
  key: string;
  sent: Date | null;
  email: string;
  created: Date;
  inviter_id: number | null;
  project_id: number;
  person_oib: string;
  invtype: string;
}

export interface SourceStaffComment {
  id: Generated<number>;
  comment: string | null;
  date: Date | null;
  comment_by: Json | null;
  project_state: string;
  project_id: number | null;
}

export interface SourceDateExtend {
  id: Generated<number>;
  comment: string | null;
  date: Date | null;
  comment_by: Json | null;
  name: string;
  project_id: number | null;
}

export interface SourceScienceSoftware {
  id: Generated<number>;
  name: string;
  created: Date | null;
  added_by: Json | null;
}

export interface SourceProjectCount {
  id: Generated<number>;
  counter: number | null;
}

/** djangorestframework-api-key's table (`../shared` reference: current-database-api-keys.sql). */
export interface SourceApiKey {
  /** `<prefix>.<hashed_key>`: text, not a number. */
  id: string;
  created: Date;
  name: string;
  revoked: boolean;
  expiry_date: Date | null;
  /** `sha512$$<hex>` (3.x) or Django's `pbkdf2_sha256$…` (2.x), of the whole `<prefix>.<secret>`. */
  hashed_key: string;
  prefix: string;
}

export interface SourceDatabase {
  backend_user: SourceUser;
  backend_project: SourceProject;
  backend_state: SourceLookup;
  backend_projecttype: SourceLookup;
  backend_role: SourceLookup;
  backend_userproject: SourceMembership;
  backend_sshpublickey: SourceSshKey;
  backend_custominvitation: SourceInvitation;
  backend_staffcomment: SourceStaffComment;
  backend_dateextend: SourceDateExtend;
  backend_sciencesoftware: SourceScienceSoftware;
  backend_projectcount: SourceProjectCount;
  rest_framework_api_key_apikey: SourceApiKey;
}
