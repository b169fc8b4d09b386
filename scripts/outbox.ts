/**
 * `npm run outbox -- list [--limit N] | show <id>`: the mails of the portal's outbox, read from the
 * database the portal uses (DATABASE_URL, or the embedded one in DATA_DIR). Without SMTP_URL the
 * portal keeps every mail there: this is where an invitation's link is found. The embedded database
 * takes one process at a time: while the portal runs on it, the staff page /ui/outbox shows the same.
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { runLinesCommand } from './lib/command';
import type { Database } from '../src/server/db/tables';
import { listOutbox, outboxMail } from '../src/server/mail/outbox-view';

export const USAGE = `Usage:
  npm run outbox -- list [--limit N]   the newest mails first (default 50): id, when, kind, to, subject
  npm run outbox -- show <id>          one mail as plain text with its headers`;

export class OutboxCommandError extends Error {}

export type OutboxCommand = { name: 'list'; limit: number } | { name: 'show'; id: number } | { name: 'help' };

const DEFAULT_LIMIT = 50;
const MAX_ID = 2_147_483_647;

function wholeNumber(text: string, what: string, max: number): number {
  if (!/^[1-9][0-9]*$/.test(text) || Number(text) > max) throw new OutboxCommandError(`${what} must be a whole number from 1 to ${max}, got "${text}"`);
  return Number(text);
}

/** @throws OutboxCommandError on an unknown command or option, a missing or bad id or limit */
export function parseOutboxArgs(argv: string[]): OutboxCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { limit: { type: 'string' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new OutboxCommandError((error as Error).message);
  }
  const [name, arg, ...extra] = parsed.positionals;
  if (!name || name === 'help') return { name: 'help' };
  if (extra.length) throw new OutboxCommandError(`unexpected "${extra.join(' ')}"`);
  if (name === 'list') {
    if (arg) throw new OutboxCommandError(`list takes no argument, got "${arg}"; to read one mail use show <id>`);
    return { name: 'list', limit: parsed.values.limit === undefined ? DEFAULT_LIMIT : wholeNumber(parsed.values.limit, '--limit', 10_000) };
  }
  if (parsed.values.limit !== undefined) throw new OutboxCommandError('--limit goes with list');
  if (name === 'show') {
    if (!arg) throw new OutboxCommandError('show needs the id of a mail (see list)');
    return { name: 'show', id: wholeNumber(arg, 'the id of a mail', MAX_ID) };
  }
  throw new OutboxCommandError(`unknown command "${name}"; use list or show`);
}

/** `2026-03-04 09:15` in UTC, short enough for a list. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/**
 * Runs a command against the database.
 *
 * @returns the lines to print
 * @throws OutboxCommandError when `show` names a mail the outbox does not hold
 */
export async function runOutbox(db: Kysely<Database>, command: OutboxCommand): Promise<string[]> {
  switch (command.name) {
    case 'help':
      return [USAGE];
    case 'list': {
      const mails = await listOutbox(db, command.limit);
      if (!mails.length) return ['The outbox is empty.'];
      const lines = mails.map((m) =>
        [String(m.id).padStart(6), `${when(m.createdAt)} UTC`, m.state.padEnd(7), m.kind.padEnd(20), m.to.padEnd(32), m.subject].join('  '),
      );
      return [`${'id'.padStart(6)}  ${'when'.padEnd(20)}  ${'state'.padEnd(7)}  ${'kind'.padEnd(20)}  ${'to'.padEnd(32)}  subject`, ...lines];
    }
    case 'show': {
      const mail = await outboxMail(db, command.id);
      if (!mail) throw new OutboxCommandError(`no mail ${command.id} in the outbox (see list)`);
      return [
        `Id: ${mail.id}`,
        `Kind: ${mail.kind}`,
        `Date: ${mail.createdAt}`,
        `From: ${mail.from}`,
        `To: ${mail.to}`,
        ...(mail.cc ? [`Cc: ${mail.cc}`] : []),
        `Subject: ${mail.subject}`,
        `State: ${mail.state}${mail.sentAt ? ` (${mail.sentAt})` : ''}${mail.lastError ? `, last error: ${mail.lastError}` : ''}`,
        '',
        mail.body,
      ];
    }
  }
}

if (require.main === module)
  runLinesCommand(
    { name: 'outbox', usage: USAGE, parse: parseOutboxArgs, run: runOutbox, whileRunning: 'Sign in as staff and open /ui/outbox, which shows the same. ' },
    [OutboxCommandError],
  );
