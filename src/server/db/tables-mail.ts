import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

/* The tables of the mail the portal sends (the outbox, notices, digests and mutes), beside the others in tables.ts. */

/** A mail to send (mail/outbox.ts): claimed, sent and retried row by row. */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_addr: string;
  cc_addr: Generated<string>;
  from_addr: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
  next_attempt_at: CreatedAt;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** A lead muted the routine notices about a project that go to them (0012). */
export interface ProjectMailMutesTable {
  project_id: number;
  user_id: number;
  muted_at: CreatedAt;
}

/** One user's weekly digest (0012): claimed once per user and digest moment. */
export interface MailDigestsTable {
  id: Generated<number>;
  user_id: number;
  period_end: Timestamp;
  outbox_id: number | null;
  created_at: CreatedAt;
}

/** A routine notice kept for a user's weekly digest (0012). */
export interface DigestItemsTable {
  id: Generated<number>;
  user_id: number;
  /** A routine kind of rules/mail.json. */
  kind: string;
  project_id: number | null;
  /** The template's values. */
  params: Json<Record<string, string | number>>;
  created_at: CreatedAt;
  digest_id: number | null;
}

/** A project's monthly usage summary that went out (0012). */
export interface UsageNoticesTable {
  project_id: number;
  /** The first day of the month summed up. */
  month: string;
  sent_at: CreatedAt;
}

export interface ProjectNoticesTable {
  project_id: number;
  /** 'ending', 'end-reminder' or 'expired' (projects/lifecycle.ts). */
  kind: string;
  date_end: string;
  sent_at: Timestamp;
}
