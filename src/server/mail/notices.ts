/**
 * Notices to users, delivered as rules/mail.json and each recipient want it
 * (docs/decisions/0200-mail-preferences.md). A kind the rules do not flag routine (decisions,
 * expiry notices) is written to the outbox at once. A routine notice about a project whose lead
 * muted it goes nowhere; otherwise it goes to the outbox at once for a user who takes routine
 * notices as they happen, or is kept for that user's weekly digest (services/mail/digest.ts). All
 * of it in the transaction of the change that causes the notice.
 */
import type { Trx } from '@/server/db/handle';
import { mailRules, type SchemaSet } from '@/schema-runtime';
import { enqueueMail } from './outbox';
import { recipientLanguage, renderMail, STAFF_LANGUAGE, type MailTemplate } from './mail-templates';
import { membersOf } from '@/server/memberships/queries';
import { isMuted, keepDigestItem, type NoticeRecipient } from './queries';


/** "First Last" of a recipient, for the greeting ('' when the name is unknown). */
export const recipientName = (to: NoticeRecipient): string => `${to.first_name ?? ''} ${to.last_name ?? ''}`.trim();

/** A project's members (or only its leads), but `except` one user, as recipients in the order they joined. */
export async function projectRecipients(
  trx: Trx,
  projectId: number,
  options: { leadsOnly?: boolean; except?: number } = {},
): Promise<NoticeRecipient[]> {
  const members = await membersOf(trx, [projectId], { leadsOnly: options.leadsOnly, except: options.except });
  return members.map(({ id, person_mail, person_type, language, mail_language, routine_mail, first_name, last_name }) => ({
    id,
    person_mail,
    person_type,
    language,
    mail_language,
    routine_mail,
    first_name,
    last_name,
  }));
}

/** The template values of a notice; kept as they are for a digest. */
export type NoticeParams = Record<string, string | number>;

export interface Notice {
  kind: MailTemplate;
  to: NoticeRecipient;
  /** The project the notice is about: a lead who muted it gets no routine notice about it. */
  projectId?: number | null;
  params: NoticeParams;
  /** An address that gets a copy at once (staff), in the staff's language when it cannot ride along. */
  cc?: string;
  /** When it happened (a job's clock); the database's now by default. */
  at?: Date;
}

/** What became of a notice to its recipient. */
export type NoticeOutcome = 'sent' | 'digest' | 'muted' | 'no-address';

/** Writes one notice as its kind and its recipient's choices say. */
export async function sendNotice(trx: Trx, schemas: SchemaSet, notice: Notice): Promise<NoticeOutcome> {
  const rules = mailRules(schemas);
  const { kind, to, projectId, params, cc } = notice;
  const routine = rules.kind(kind).routine;
  let outcome: NoticeOutcome;
  if (!to.person_mail) outcome = 'no-address';
  else if (routine && projectId && (await isMuted(trx, projectId, to.id))) outcome = 'muted';
  else if (routine && (to.routine_mail ?? rules.routineDefault) === 'weekly') outcome = 'digest';
  else outcome = 'sent';

  if (outcome === 'sent') {
    const lang = recipientLanguage(to);
    await enqueueMail(trx, { kind, to: to.person_mail, cc, ...renderMail(schemas, kind, lang, { recipientName: recipientName(to), ...params }), lang }, schemas);
    return outcome;
  }
  if (outcome === 'digest')
    await keepDigestItem(trx, { userId: to.id, kind, projectId: projectId ?? null, params: JSON.stringify(params), at: notice.at });
  // The copy does not wait for, or share the silence of, someone else's choice.
  if (cc) await enqueueMail(trx, { kind, to: cc, ...renderMail(schemas, kind, STAFF_LANGUAGE, { recipientName: recipientName(to), ...params }), lang: STAFF_LANGUAGE }, schemas);
  return outcome;
}
