import { startOutboxSender } from '../../src/server/mail/outbox';
import { startSmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import type { Log } from '../../src/server/log';

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('invitation mail while SMTP is down', () => {
  let t: TestApp;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org' } });
    const lead = await addUser(t.ctx, 'lead', { first_name: 'Ana', last_name: 'Horvat', person_mail: 'ahorvat@fer.hr' });
    projectId = await addProject(t.ctx, 'T-course', 'approve', [[lead, 'lead']], 'practical');
  });
  afterAll(() => t.close());

  it('keeps the invitation and its mail, and delivers the mail with the link once the SMTP server is back', async () => {
    // Learn a free port, then stop the server on it: the mail server is down.
    const first = await startSmtpSink();
    const port = first.port;
    await first.close();

    const lead = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/invites/',
      headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf },
      payload: { project: 'T-course', projectid: projectId, type: 'add', collaboratorEmails: [{ label: 'student', value: 'student@example.org' }] },
    });
    expect(res.statusCode).toBe(200);
    const invite = await t.ctx.db.selectFrom('invites').selectAll().where('email', '=', 'student@example.org').executeTakeFirstOrThrow();

    const sender = startOutboxSender({ db: t.ctx.db, smtpUrl: `smtp://127.0.0.1:${port}`, logger: quiet, intervalMs: 60_000, retryBaseMs: 1 });
    try {
      expect(await sender.flush()).toBe(0);
      const waiting = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'invite').executeTakeFirstOrThrow();
      expect(waiting).toMatchObject({ to_addr: 'student@example.org', sent_at: null, attempts: 1 });
      expect(waiting.last_error).toBeTruthy();

      const sink = await startSmtpSink({ port });
      try {
        // The back-off after one failure is 2 × retryBaseMs; wait it out, then flush.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await sender.flush()).toBe(1);
        const mail = await sink.waitFor((m) => m.recipients.includes('student@example.org'));
        expect(mail.subject).toBe(`Poziv na projekt "Projekt T-course" na usluzi ${t.ctx.schemas.service.serviceName.hr}`);
        expect(mail.body).toContain(`https://portal.example.org/ui/login-email/${invite.key}`);
        expect(mail.body).toContain('Ana Horvat');
        const delivered = await t.ctx.db.selectFrom('outbox').selectAll().where('id', '=', waiting.id).executeTakeFirstOrThrow();
        expect(delivered.sent_at).not.toBeNull();
      } finally {
        await sink.close();
      }
    } finally {
      await sender.stop();
    }
  });
});
