import type { Generated, ColumnType } from 'kysely';
import type { CreatedAt, Json } from './column-types';

/* The tables of the live rules, their drafts and bases and the editors' groups (migrations 0016, 0040, 0041; schema-live), beside the others in tables.ts. */

/** A schema set that went live (0016). */
export interface SchemaSetsTable {
  id: Generated<number>;
  hash: string;
  went_live_at: CreatedAt;
  process: string;
  origin: string;
  docs: Json<unknown>;
  changes: Json<unknown>;
  /** Who put the set live from the rules editor (0040); null for a folder load. */
  author_id: ColumnType<number | null, number | null | undefined, number | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hash of the shipped folder's set the staff set was made on (0040); null for a folder load. */
  base_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A schema set being edited in the browser (0040), never live until published. */
export interface SchemaDraftsTable {
  id: Generated<number>;
  author_id: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The hash of the live set the draft was started from. */
  from_hash: string;
  docs: Json<unknown>;
  state: Generated<'open' | 'published' | 'discarded'>;
  approved_by: ColumnType<number | null, number | null | undefined, number | null>;
  published_set_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A draft a rebase made for a decision (0041): the staff set re-applied, the new base it was re-applied on, what conflicts. */
  rebase_of: ColumnType<string | null, string | null | undefined, string | null>;
  rebase_base: ColumnType<string | null, string | null | undefined, string | null>;
  conflicts: Json<unknown> | null;
}

/** Every shipped folder a process started on, by its set's hash (0041): the bases staff sets were made on. */
export interface SchemaBasesTable {
  hash: string;
  docs: Json<unknown>;
  recorded_at: CreatedAt;
}

/** Named groups of users (0040); a setting may name the group that edits the rules. */
export interface UserGroupsTable {
  user_id: number;
  name: string;
}
