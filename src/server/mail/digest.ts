/**
 * The weekly digest (docs/decisions/0200-mail-preferences.md): for every user with routine notices
 * kept since their last digest, one mail listing them, due at the weekday and hour of
 * rules/mail.json. Runs on every process: a user's digest for one digest moment is claimed by
 * inserting its row in `mail_digests` (unique per user and moment), and its items and its mail
 * are written in that same transaction, so however many processes run it, each user gets one.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import { mailRules, type DigestSchedule, type SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { enqueueMail } from './outbox';
import { recipientLanguage, renderDigestLine, renderMail, type MailTemplate } from './mail-templates';
import { recipientName } from './notices';
import { claimDigest, setDigestMail, takeDigestItems, usersWithPendingDigestItems } from './queries';
import { recipientById } from '@/server/users/queries';
import { paths } from '@/schema-runtime/pages';

export interface DigestContext {
  db: DatabaseHandle;
  schemas: SchemaSet;
  config: Pick<ServerConfig, 'publicUrl'>;
}

/** What one run did. */
export interface DigestRun {
  /** The digest moment it worked for. */
  moment: Date;
  /** Mails written. */
  digests: number;
  /** Notices they listed. */
  items: number;
}

const DAY_MS = 86_400_000;

/**
 * The latest digest moment at or before `now`: `hour` of ISO `weekday` in the schedule's time zone,
 * computed by the database (its time-zone rules, summer time included).
 */
export async function digestMoment(db: DatabaseHandle, schedule: DigestSchedule, now: Date): Promise<Date> {
  const { rows } = await sql<{ moment: Date }>`
    WITH l AS (
      SELECT ${now}::timestamptz AT TIME ZONE ${schedule.timeZone} AS local_now,
             date_trunc('week', ${now}::timestamptz AT TIME ZONE ${schedule.timeZone})
               + make_interval(days => ${schedule.weekday - 1}::int, hours => ${schedule.hour}::int) AS local_moment)
    SELECT (CASE WHEN local_moment > local_now THEN local_moment - interval '7 days' ELSE local_moment END) AT TIME ZONE ${schedule.timeZone} AS moment
    FROM l`.execute(db);
  return new Date(rows[0].moment);
}

/** dd.MM.yyyy of an instant in a time zone. */
function shownDay(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('day')}.${get('month')}.${get('year')}`;
}

/** Makes the digests due at `now` (tests pass their own clock) that no process made yet. */
export async function runMailDigest(ctx: DigestContext, now: Date = new Date()): Promise<DigestRun> {
  const { db, schemas, config } = ctx;
  const schedule = mailRules(schemas).digest;
  const moment = await digestMoment(db, schedule, now);
  const run: DigestRun = { moment, digests: 0, items: 0 };
  const users = await usersWithPendingDigestItems(db, moment);
  for (const userId of users) {
    const listed = await db.transaction().execute(async (trx) => {
      // Of several processes, the one whose row goes in makes the digest; the others wait here, then skip.
      const claimed = await claimDigest(trx, userId, moment);
      if (!claimed) return 0;
      const items = await takeDigestItems(trx, claimed.id, userId, moment);
      const user = await recipientById(trx, userId);
      if (!items.length || !user?.person_mail) return 0;
      items.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id - b.id);
      const lang = recipientLanguage(user);
      const lines = items.map((item) => `- ${shownDay(new Date(item.created_at), schedule.timeZone)}: ${renderDigestLine(schemas, item.kind as MailTemplate, lang, item.params)}`);
      const text = renderMail(schemas, 'digest', lang, {
        recipientName: recipientName(user),
        from: shownDay(new Date(moment.getTime() - 7 * DAY_MS), schedule.timeZone),
        to: shownDay(moment, schedule.timeZone),
        count: items.length,
        items: lines.join('\n'),
        link: `${config.publicUrl}${paths.myInfo.href}`,
      });
      const outboxId = await enqueueMail(trx, { kind: 'digest', to: user.person_mail, ...text, lang }, schemas);
      await setDigestMail(trx, claimed.id, outboxId);
      return items.length;
    });
    if (listed > 0) {
      run.digests += 1;
      run.items += listed;
    }
  }
  return run;
}
