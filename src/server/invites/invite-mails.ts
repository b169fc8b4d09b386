/**
 * The two invitation mails (reference §5): the invitation to the invitee and the "registration
 * successful" note to the inviter, in the reader's language; the texts are the templates `invite`
 * and `invite-accepted` (services/mail-templates.ts). The note is a routine notice (rules/mail.json).
 */
import type { SchemaSet } from '@/schema-runtime';
import type { OutboxMail } from '../mail/outbox';
import { renderMail, type MailLanguage } from '../mail/mail-templates';
import type { Notice } from '../mail/notices';
import type { NoticeRecipient } from '@/server/mail/queries';
import { paths } from '@/schema-runtime/pages';

interface Person {
  first_name: string;
  last_name: string;
}

const fullName = (p: Person) => `${p.first_name} ${p.last_name}`.trim();

/** The acceptance link of an invitation; the English one opens the page in English. */
export function inviteUrl(publicUrl: string, key: string, lang: MailLanguage): string {
  return `${publicUrl}${paths.loginEmail.href(key, lang === 'en')}`;
}

/** The invitation mail: who invites, to which project, the link and how long it is valid. */
export function invitationMail(
  schemas: SchemaSet,
  args: { to: string; lang: MailLanguage; inviter: Person; projectName: string; url: string },
): OutboxMail {
  const { to, lang, inviter, projectName, url } = args;
  const text = renderMail(schemas, 'invite', lang, {
    inviter: fullName(inviter),
    project: projectName,
    url,
    days: schemas.constants.inviteExpiryDays,
  });
  return { kind: 'invite', to, ...text, lang };
}

/** The note to the inviter that a collaborator joined; staff get a copy. */
export function inviteAcceptedNotice(
  schemas: SchemaSet,
  args: { to: NoticeRecipient; collaborator: Person; project: { id: number; name: string; identifier: string } },
): Notice {
  const { to, collaborator, project } = args;
  return {
    kind: 'invite-accepted',
    to,
    projectId: project.id,
    params: { collaborator: fullName(collaborator), project: project.name, identifier: project.identifier },
    cc: schemas.service.staffEmail,
  };
}
