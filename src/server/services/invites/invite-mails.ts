/**
 * Texts of the two invitation mails (reference §5): the invitation to the invitee and the
 * "registration successful" note to the inviter. Croatian or English by the reader.
 */
import type { SchemaSet } from '../../../schema-runtime';
import type { OutboxMail } from '../outbox';

type Lang = 'hr' | 'en';

interface Person {
  first_name: string;
  last_name: string;
}

const fullName = (p: Person) => `${p.first_name} ${p.last_name}`.trim();

/** The acceptance link of an invitation; the English one opens the page in English. */
export function inviteUrl(publicUrl: string, key: string, lang: Lang): string {
  const url = `${publicUrl}/ui/login-email/${key}`;
  return lang === 'en' ? `${url}/en` : url;
}

/** The invitation mail: who invites, to which project, the link and how long it is valid. */
export function invitationMail(
  schemas: SchemaSet,
  args: { to: string; lang: Lang; inviter: Person; projectName: string; url: string },
): OutboxMail {
  const { to, lang, inviter, projectName, url } = args;
  const service = schemas.service.serviceName[lang];
  const days = schemas.constants.inviteExpiryDays;
  const body =
    lang === 'hr'
      ? `Poštovani/a,\n\n${fullName(inviter)} prijavio/la vas je kao suradnika na projekt "${projectName}" ` +
        `za korištenje usluge ${service}.\n\nPrijavu potvrdite na poveznici:\n\n${url}\n\n` +
        `Poveznica vrijedi ${days} dana.\n\n${service}\n`
      : `Dear,\n\n${fullName(inviter)} has registered you as a collaborator on the project "${projectName}" ` +
        `of the service ${service}.\n\nConfirm your registration at:\n\n${url}\n\n` +
        `The link is valid for ${days} days.\n\n${service}\n`;
  return {
    kind: 'invite',
    to,
    subject: lang === 'hr' ? 'Potvrdite prijavu za korištenje usluge' : 'Confirm your registration for the service',
    body,
    lang,
  };
}

/** The note to the inviter that a collaborator joined; staff get a copy. */
export function inviteAcceptedMail(
  schemas: SchemaSet,
  args: { to: string; lang: Lang; collaborator: Person; projectName: string },
): OutboxMail {
  const { to, lang, collaborator, projectName } = args;
  const service = schemas.service.serviceName[lang];
  const body =
    lang === 'hr'
      ? `Poštovani/a,\n\nkorisnik ${fullName(collaborator)} potvrdio/la je članstvo na projektu "${projectName}".\n\n${service}\n`
      : `Dear,\n\nthe user ${fullName(collaborator)} has confirmed their membership of the project "${projectName}".\n\n${service}\n`;
  return {
    kind: 'invite-accepted',
    to,
    cc: schemas.service.staffEmail,
    subject: lang === 'hr' ? 'Prijava korisnika uspješna' : 'User Registration Successful',
    body,
    lang,
  };
}
