import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { enqueueMail, startOutboxSender, type OutboxSender } from '../../src/server/mail/outbox';
import type { SchemaSet } from '../../src/schema-runtime';
import { openTestDatabase } from '../../harness/test-database';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import type { Log } from '../../src/server/log';

let db: Kysely<Database>;
let schemas: SchemaSet;
let close: () => Promise<void>;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ db, schemas, close } = await openTestDatabase());
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.deleteFrom('outbox').execute();
});

afterAll(() => close());

function recordingLogger(): Log & { lines: { level: string; obj: object; msg?: string }[] } {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

async function sink(port?: number): Promise<SmtpSink> {
  const started = await startSmtpSink({ port });
  cleanups.push(() => started.close());
  return started;
}

function sender(smtpUrl: string | undefined, logger: Log = recordingLogger(), retryBaseMs = 100): OutboxSender {
  // A long interval: the tests drive delivery with flush().
  const started = startOutboxSender({ db, smtpUrl, logger, intervalMs: 60_000, retryBaseMs });
  cleanups.push(() => started.stop());
  return started;
}

function outboxRow(id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const APPROVED = {
  kind: 'request-approved',
  to: 'ahorvat@fer.hr',
  cc: 'computing@srce.hr',
  subject: 'Zahtjev odobren',
  body: 'Poštovani/a,\n\nvaš zahtjev "Strojno učenje za predviđanje svojstava novih materijala" je odobren.',
  lang: 'hr' as const,
};

describe('enqueueMail', () => {
  it('writes the mail with the From of its language and normalised recipients', async () => {
    const id = await enqueueMail(db, { ...APPROVED, to: ['ahorvat@fer.hr; ana.horvat@gmail.com'], lang: 'en' }, schemas);
    const row = await outboxRow(id);
    expect(row).toMatchObject({
      kind: 'request-approved',
      to_addr: 'ahorvat@fer.hr, ana.horvat@gmail.com',
      cc_addr: 'computing@srce.hr',
      from_addr: schemas.service.mailFrom.en,
      attempts: 0,
      sent_at: null,
    });
  });

  it('is written or dropped together with the transaction it joins', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, APPROVED, schemas);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('refuses a mail without a recipient', async () => {
    await expect(enqueueMail(db, { ...APPROVED, to: ' ; ' }, schemas)).rejects.toThrow('no recipient');
  });
});

describe('startOutboxSender', () => {
  it('delivers a queued mail over SMTP and marks it sent', async () => {
    const smtp = await sink();
    const id = await enqueueMail(db, APPROVED, schemas);
    await expect(sender(smtp.url).flush()).resolves.toBe(1);
    const mail = await smtp.waitFor((m) => m.subject === 'Zahtjev odobren');
    expect(mail.to).toBe('ahorvat@fer.hr');
    expect(mail.recipients).toEqual(['ahorvat@fer.hr', 'computing@srce.hr']);
    expect(mail.from).toBe('computing@srce.hr');
    expect(mail.body).toContain('Strojno učenje za predviđanje svojstava novih materijala');
    expect((await outboxRow(id)).sent_at).not.toBeNull();
    await expect(sender(smtp.url).flush()).resolves.toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('keeps the mail and retries later when SMTP is down', async () => {
    const down = await startSmtpSink();
    await down.close();
    const logger = recordingLogger();
    const retryBaseMs = 1000;
    const outbox = sender(down.url, logger, retryBaseMs);
    const id = await enqueueMail(db, { ...APPROVED, subject: 'Prijava korisnika uspješna' }, schemas);

    const failedAt = Date.now();
    await expect(outbox.flush()).resolves.toBe(0);
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).toBeTruthy();
    const due = new Date(failed.next_attempt_at).getTime();
    expect(due - failedAt).toBeGreaterThanOrEqual(2 * retryBaseMs - 100); // first retry after 2^1 units
    expect(due - failedAt).toBeLessThan(2 * retryBaseMs + 1000);
    expect(logger.lines.some((l) => l.level === 'warn' && l.msg?.includes('will retry'))).toBe(true);

    const smtp = await sink(down.port);
    await expect(outbox.flush()).resolves.toBe(0); // SMTP is back, but the mail is not due yet
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 100));
    await expect(outbox.flush()).resolves.toBe(1);
    await smtp.waitFor((m) => m.subject === 'Prijava korisnika uspješna');
    const sent = await outboxRow(id);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe(1);
  });

  it('lets two senders share the outbox without sending a mail twice', async () => {
    const smtp = await sink();
    for (let i = 0; i < 6; i += 1) await enqueueMail(db, { ...APPROVED, subject: `Zahtjev ${i}` }, schemas);
    const [a, b] = [sender(smtp.url), sender(smtp.url)];
    const counts = await Promise.all([a.flush(), b.flush()]);
    expect(counts[0] + counts[1]).toBe(6);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Zahtjev ${i}`));
  });

  it('without SMTP logs each pending mail once and keeps it', async () => {
    const logger = recordingLogger();
    const outbox = sender(undefined, logger);
    const id = await enqueueMail(db, APPROVED, schemas);
    await expect(outbox.flush()).resolves.toBe(0);
    await expect(outbox.flush()).resolves.toBe(0);
    const logged = logger.lines.filter((l) => l.msg?.includes('kept in the outbox'));
    expect(logged).toHaveLength(1);
    expect(logged[0].obj).toMatchObject({ outboxId: id, subject: 'Zahtjev odobren', to: 'ahorvat@fer.hr' });
    expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 0 });
  });
});
