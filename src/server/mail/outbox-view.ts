import type { Db } from '@/server/db/handle';
import type { OutboxEntry, OutboxMail } from '@generated';
import { newestOutboxMails, outboxMailById } from './queries';

/** How many of the newest mails a list holds when the caller names no other number. */
export const OUTBOX_LIST_DEFAULT = 200;

/** What happened to a mail: delivered, waiting (no SMTP, or not yet due), or waiting after failed tries. */
function stateOf(row: { sent_at: Date | string | null; attempts: number }): OutboxEntry['state'] {
  if (row.sent_at) return 'sent';
  return row.attempts > 0 ? 'failing' : 'waiting';
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function entryOf(row: { id: number; kind: string; to_addr: string; cc_addr: string; subject: string; created_at: Date | string; sent_at: Date | string | null; attempts: number; last_error: string | null }): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_addr,
    cc: row.cc_addr,
    subject: row.subject,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
    state: stateOf(row),
    attempts: row.attempts,
    lastError: row.last_error,
  };
}

/** The newest `limit` mails of the outbox, newest first (sent or not), without their bodies. */
export async function listOutbox(db: Db, limit = OUTBOX_LIST_DEFAULT): Promise<OutboxEntry[]> {
  const rows = await newestOutboxMails(db, limit);
  return rows.map(entryOf);
}

/** One mail of the outbox with its sender and body; undefined when there is none with that id. */
export async function outboxMail(db: Db, id: number): Promise<Omit<OutboxMail, 'delivery'> | undefined> {
  const row = await outboxMailById(db, id);
  return row && { ...entryOf(row), from: row.from_addr, body: row.body };
}
