import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

/* The tables of hours granted (migration 0018, grants), beside the others in tables.ts. */

/** A grant of hours on one cluster (0018); the newest of a (project, cluster) is in force. */
export interface ProjectGrantsTable {
  id: Generated<number>;
  project_id: number;
  cluster: string;
  cpuh: number | null;
  gpuh: number | null;
  state: string;
  granted_by: Json<unknown> | null;
  granted_at: CreatedAt;
}

/** A warning a grant has had: its row claims it (0018). */
export interface GrantWarningsTable {
  grant_id: number;
  kind: string;
  threshold: string;
  flagged: Generated<boolean>;
  sent_at: Timestamp;
}
