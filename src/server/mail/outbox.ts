import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DatabaseHandle } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import type { Log } from '../log';
import { claimDueMails, insertOutboxMail, markMailFailed, markMailSent, unsentMailsAfter, type OutboxRow } from './queries';

/** A mail to write to the outbox. `to` and `cc` may hold several addresses (array, or `;`/`,` separated). */
export interface OutboxMail {
  /** What caused it (e.g. `invite`, `request-approved`); for logs and tests. */
  kind: string;
  to: string | string[];
  cc?: string | string[];
  subject: string;
  body: string;
  /** Chooses the From display name of `rules/service.json`. */
  lang: 'hr' | 'en';
}


export interface OutboxSenderOptions {
  db: DatabaseHandle;
  /** e.g. `smtp://user:pass@mail.example.org:587`; without it mails stay in the outbox and are logged. */
  smtpUrl?: string;
  logger: Log;
  /** How often due mails are looked for. */
  intervalMs?: number;
  /** Unit of the retry back-off: the n-th failure waits min(2^n, 60) units (default one minute). */
  retryBaseMs?: number;
  /** How long a claimed mail is reserved for this process before another may try it. */
  claimMs?: number;
  /** Mails claimed per round. */
  batchSize?: number;
}

/** A running sender. */
export interface OutboxSender {
  /** Stops the timer, waits for a round in progress and closes the SMTP transport. */
  stop(): Promise<void>;
  /** Delivers every mail due now; resolves to how many were sent. */
  flush(): Promise<number>;
  /** When the sender last finished a round (or started, before its first): how a health check knows it is alive. */
  lastBeat(): Date;
  /** How often it runs a round. */
  readonly intervalMs: number;
}

const MAX_BACKOFF_UNITS = 60;
const ERROR_TEXT_LIMIT = 2000;

function addressList(value: string | string[] | undefined): string {
  const parts = (Array.isArray(value) ? value : [value ?? '']).flatMap((v) => v.split(/[;,]/));
  return parts.map((p) => p.trim()).filter(Boolean).join(', ');
}

/**
 * Writes a mail to the outbox. Pass the transaction of the change that causes the mail: the mail
 * is then stored exactly when the change commits, and the sender delivers it later.
 *
 * @returns the outbox row id
 * @throws when the mail has no recipient
 */
export async function enqueueMail(
  db: Db,
  mail: OutboxMail,
  schemas: SchemaSet,
): Promise<number> {
  const to = addressList(mail.to);
  if (!to) throw new Error(`mail "${mail.kind}" has no recipient`);
  return insertOutboxMail(db, {
    kind: mail.kind,
    to_addr: to,
    cc_addr: addressList(mail.cc),
    from_addr: schemas.service.mailFrom[mail.lang],
    subject: mail.subject,
    body: mail.body,
  });
}

/**
 * Starts delivering the outbox: every `intervalMs` the due mails are claimed (safe with several
 * app processes) and sent over SMTP. A failed mail keeps its row: `attempts` grows, `last_error`
 * says why and the next try waits min(2^attempts, 60) × `retryBaseMs`. A mail may be sent twice
 * only if a process dies between handing it to SMTP and recording it — never lost.
 *
 * Without `smtpUrl` (demo mode) nothing is sent: each pending mail is logged once and stays.
 */
export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, smtpUrl, logger } = options;
  const intervalMs = options.intervalMs ?? 2000;
  const retryBaseMs = options.retryBaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  // Longer than a batch of sends can take with the timeouts below, so a claim never lapses mid-send.
  const claimMs = options.claimMs ?? 10 * 60_000;
  const transport: Transporter | null = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null;
  if (!transport) logger.warn({}, 'SMTP_URL is not set: mails stay in the outbox and are only logged');
  let lastLoggedId = 0;
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  let beat = new Date();

  async function send(row: OutboxRow): Promise<boolean> {
    try {
      await transport!.sendMail({
        from: row.from_addr,
        to: row.to_addr,
        cc: row.cc_addr || undefined,
        subject: row.subject,
        text: row.body,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      await markMailSent(db, row.id);
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await markMailFailed(db, row.id, { attempts, lastError: message.slice(0, ERROR_TEXT_LIMIT), retryInMs: Math.min(2 ** attempts, MAX_BACKOFF_UNITS) * retryBaseMs });
      logger.warn({ outboxId: row.id, attempts, error: message }, 'mail delivery failed; will retry');
      return false;
    }
  }

  async function deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDueMails(db, batchSize, claimMs);
      for (const row of rows) if (await send(row)) sent += 1;
      if (rows.length < batchSize) return sent;
    }
  }

  async function logPending(): Promise<number> {
    // Ids grow, so remembering the last one logs each mail once per process; a mail whose
    // transaction commits after a later one's was seen is not logged (demo only, harmless).
    const rows = await unsentMailsAfter(db, lastLoggedId);
    for (const row of rows) {
      logger.info({ outboxId: row.id, kind: row.kind, to: row.to_addr, cc: row.cc_addr, subject: row.subject, body: row.body }, 'mail kept in the outbox (no SMTP_URL)');
      lastLoggedId = row.id;
    }
    return 0;
  }

  // One round at a time per process: a flush() during a timer round waits for it, then runs.
  function round(): Promise<number> {
    const next = running
      .catch(() => 0)
      .then(() => (transport ? deliverDue() : logPending()))
      .then((sent) => {
        beat = new Date();
        return sent;
      });
    running = next;
    return next;
  }

  const timer = setInterval(() => {
    round().catch((error: unknown) => logger.error({ error: String(error) }, 'outbox round failed'));
  }, intervalMs);
  timer.unref();

  return {
    intervalMs,
    lastBeat: () => beat,
    flush: () => (stopped ? Promise.resolve(0) : round()),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => 0);
      transport?.close();
    },
  };
}
