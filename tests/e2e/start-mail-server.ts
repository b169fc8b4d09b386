/**
 * A second portal for the browser tests that follow a mail to its end: like start-server.ts but
 * with the background jobs on and the outbox sender delivering over SMTP to E2E_SMTP_URL (a test's
 * SMTP sink). Listens on E2E_MAIL_PORT.
 *
 * E2E_EXPIRED_INVITE_KEY, when set, becomes the key of the seeded invitation that is past its
 * expiry, so a test can open it (seeded keys are random).
 */
import { DEMO_INVITES } from '../../src/server/demo/demo-data';
import { runE2ePortal, runMain } from '../../harness/e2e-portal';

runMain(async () => {
  const port = Number(process.env.E2E_MAIL_PORT);
  const smtpUrl = process.env.E2E_SMTP_URL;
  if (!port || !smtpUrl) throw new Error('E2E_MAIL_PORT and E2E_SMTP_URL are required');
  const expiredKey = process.env.E2E_EXPIRED_INVITE_KEY;
  const expired = [...DEMO_INVITES].sort((a, b) => b.daysAgo - a.daysAgo)[0];
  await runE2ePortal({
    port,
    smtpUrl,
    label: 'e2e mail portal',
    afterSeed: async ({ db }) => {
      if (expiredKey && expired) await db.updateTable('invites').set({ key: expiredKey }).where('email', '=', expired.email).execute();
    },
  });
});
