import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../src/server/db/tables';
import { startOutboxSender } from '../../src/server/mail/outbox';

/** A mail the sink received. */
export interface SinkMessage {
  /** Envelope sender. */
  from: string;
  /** The To header as written (may list several addresses). */
  to: string;
  /** The Cc header, '' when absent. */
  cc: string;
  /** Envelope recipients (To and Cc). */
  recipients: string[];
  /** The Subject header, MIME-decoded. */
  subject: string;
  /** The decoded body of a single-part text mail (quoted-printable or base64 undone). */
  body: string;
  /** The whole raw message. */
  text: string;
}

/** A local SMTP server that accepts every mail and keeps it in memory. */
export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:<port>` for the outbox sender. */
  url: string;
  messages: SinkMessage[];
  /** Resolves with the first message (already received or arriving) that matches, or rejects after the timeout. */
  waitFor(predicate: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  // RFC 2047 encoded words; whitespace between two adjacent words is not part of the text.
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, enc: string, data: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
      return bytes.toString(charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1');
    });
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    return Buffer.from(soft.replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return body;
}

/** Minimal parse of a raw message: unfolded headers by lower-case name, and the body. */
export function parseRawMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/**
 * Starts an SMTP sink on 127.0.0.1 (a random port unless one is given, e.g. to come back on
 * the port of a closed sink). No TLS, no authentication required.
 */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<(message: SinkMessage) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const { headers, body } = parseRawMessage(text);
        const mailFrom = session.envelope.mailFrom;
        const message: SinkMessage = {
          from: mailFrom ? mailFrom.address : '',
          to: decodeWords(headers.get('to') ?? ''),
          cc: decodeWords(headers.get('cc') ?? ''),
          recipients: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(headers.get('subject') ?? ''),
          body: decodeBody(body, (headers.get('content-transfer-encoding') ?? '').toLowerCase()),
          text,
        };
        messages.push(message);
        for (const waiter of waiters) waiter(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (message: SinkMessage) => {
          if (!predicate(message)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Sends every mail due in the outbox to the sink, as the outbox sender does in one round; resolves to how many went. */
export async function deliverOutbox(db: Kysely<Database>, sink: SmtpSink): Promise<number> {
  const sender = startOutboxSender({ db, smtpUrl: sink.url, logger: quiet, intervalMs: 60_000 });
  try {
    return await sender.flush();
  } finally {
    await sender.stop();
  }
}
