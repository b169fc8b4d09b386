/**
 * The mails of the automatic project lifecycle (services/projects/lifecycle.ts): the lead is asked
 * to request an extension before the end date and reminded on it; every member is told when the
 * project expires. Croatian for local people, English for foreign ones, as the other project mails.
 */
import type { Transaction } from 'kysely';
import { format, parseISO } from 'date-fns';
import type { Database, UserRow } from '../../db/tables';
import type { SchemaSet } from '../../../schema-runtime';
import type { ServerConfig } from '../../config';
import { enqueueMail } from '../outbox';

type Lang = 'hr' | 'en';
export type LifecycleNotice = 'ending' | 'end-reminder' | 'expired';

interface NoticeProject {
  identifier: string;
  name: string;
  /** yyyy-MM-dd */
  dateEnd: string;
  /** yyyy-MM-dd: the last day an extension may still be asked for. */
  graceEnd: string;
}

const SALUTATION: Record<Lang, string> = { hr: 'Poštovani/a,', en: 'Dear,' };

const SUBJECTS: Record<LifecycleNotice, Record<Lang, string>> = {
  ending: { hr: 'Projekt uskoro istječe', en: 'Your project is about to expire' },
  'end-reminder': { hr: 'Podsjetnik: projekt je istekao', en: 'Reminder: your project has reached its end date' },
  expired: { hr: 'Projekt je završen', en: 'Your project has finished' },
};

const shown = (date: string) => format(parseISO(date), 'dd.MM.yyyy');

function noticeText(notice: LifecycleNotice, lang: Lang, p: NoticeProject, service: string, link: string): string[] {
  const project = `"${p.name}" (${p.identifier})`;
  if (lang === 'hr') {
    if (notice === 'ending')
      return [`projekt ${project} na usluzi ${service} završava ${shown(p.dateEnd)}.`, `Ako vam resursi trebaju i nakon toga, zatražite produljenje na: ${link}`];
    if (notice === 'end-reminder')
      return [
        `projekt ${project} na usluzi ${service} završio je ${shown(p.dateEnd)}.`,
        `Produljenje možete zatražiti do ${shown(p.graceEnd)} na: ${link}`,
        'Nakon toga projekt se zatvara.',
      ];
    return [`projekt ${project} na usluzi ${service} je završen: rok za produljenje istekao je ${shown(p.graceEnd)}.`, 'Resursi projekta više nisu dostupni.'];
  }
  if (notice === 'ending')
    return [`the project ${project} on the ${service} service ends on ${shown(p.dateEnd)}.`, `If you need the resources after that, request an extension at: ${link}`];
  if (notice === 'end-reminder')
    return [
      `the project ${project} on the ${service} service reached its end date on ${shown(p.dateEnd)}.`,
      `You can request an extension until ${shown(p.graceEnd)} at: ${link}`,
      'After that the project is closed.',
    ];
  return [`the project ${project} on the ${service} service has finished: the time to extend it ended on ${shown(p.graceEnd)}.`, "The project's resources are no longer available."];
}

/** Writes one lifecycle notice to `person` into the outbox, in the transaction of the change. */
export async function mailLifecycleNotice(
  trx: Transaction<Database>,
  ctx: { schemas: SchemaSet; config: Pick<ServerConfig, 'publicUrl'> },
  notice: LifecycleNotice,
  person: Pick<UserRow, 'person_mail' | 'person_type'>,
  project: NoticeProject,
): Promise<void> {
  if (!person.person_mail) return;
  const lang: Lang = person.person_type === 'foreign' ? 'en' : 'hr';
  const link = `${ctx.config.publicUrl}/ui/my-requests/extend/${encodeURIComponent(project.identifier)}`;
  const body = [SALUTATION[lang], '', ...noticeText(notice, lang, project, ctx.schemas.service.serviceName[lang], link)].join('\n');
  await enqueueMail(trx, { kind: `project-${notice}`, to: person.person_mail, subject: SUBJECTS[notice][lang], body, lang }, ctx.schemas);
}
