/**
 * Notices to users, delivered as rules/mail.json and each recipient want it
 * (docs/decisions/0200-mail-preferences.md). A kind the rules do not flag routine (decisions,
 * expiry notices) is written to the outbox at once. A routine notice about a project whose lead
 * muted it goes nowhere; otherwise it goes to the outbox at once for a user who takes routine
 * notices as they happen, or is kept for that user's weekly digest (services/mail/digest.ts). All
 * of it in the transaction of the change that causes the notice.
 */
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '@/server/db/tables';
import { mailRules, type SchemaSet } from '@/schema-runtime';
import { enqueueMail } from './outbox';
import { recipientLanguage, renderMail, STAFF_LANGUAGE, type MailTemplate } from './mail-templates';
import { ROLE } from '@/server/memberships/queries';

/** What a notice's delivery and language need to know of its recipient. */
export type NoticeRecipient = Pick<UserRow, 'id' | 'person_mail' | 'person_type' | 'language' | 'mail_language' | 'routine_mail'> &
  Partial<Pick<UserRow, 'first_name' | 'last_name'>>;

/** The user columns of a {@link NoticeRecipient}, for selects (the name for the mail's greeting). */
export const RECIPIENT_COLUMNS = ['id', 'person_mail', 'person_type', 'language', 'mail_language', 'routine_mail', 'first_name', 'last_name'] as const;

/** "First Last" of a recipient, for the greeting ('' when the name is unknown). */
export const recipientName = (to: NoticeRecipient): string => `${to.first_name ?? ''} ${to.last_name ?? ''}`.trim();

/** A project's members (or only its leads), but `except` one user, as recipients in the order they joined. */
export async function projectRecipients(
  trx: Transaction<Database>,
  projectId: number,
  options: { leadsOnly?: boolean; except?: number } = {},
): Promise<NoticeRecipient[]> {
  return trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(RECIPIENT_COLUMNS.map((c) => `u.${c}` as const))
    .where('m.project_id', '=', projectId)
    .$if(options.leadsOnly === true, (q) => q.where('r.name', '=', ROLE.lead))
    .$if(options.except !== undefined, (q) => q.where('m.user_id', '<>', options.except!))
    .orderBy('m.id')
    .execute();
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

async function isMuted(trx: Transaction<Database>, projectId: number, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('project_mail_mutes').select('user_id').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Writes one notice as its kind and its recipient's choices say. */
export async function sendNotice(trx: Transaction<Database>, schemas: SchemaSet, notice: Notice): Promise<NoticeOutcome> {
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
    await trx
      .insertInto('digest_items')
      .values({ user_id: to.id, kind, project_id: projectId ?? null, params: JSON.stringify(params), ...(notice.at ? { created_at: notice.at } : {}) })
      .execute();
  // The copy does not wait for, or share the silence of, someone else's choice.
  if (cc) await enqueueMail(trx, { kind, to: cc, ...renderMail(schemas, kind, STAFF_LANGUAGE, { recipientName: recipientName(to), ...params }), lang: STAFF_LANGUAGE }, schemas);
  return outcome;
}
