/**
 * The mails of the automatic project lifecycle (services/projects/lifecycle.ts): the lead is asked
 * to request an extension before the end date and reminded on it; every member is told when the
 * project expires. Each in the member's interface language (templates `project-ending`,
 * `project-end-reminder`, `project-expired`).
 */
import type { Transaction } from 'kysely';
import { format, parseISO } from 'date-fns';
import type { Database, UserRow } from '../../db/tables';
import type { SchemaSet } from '../../../schema-runtime';
import type { ServerConfig } from '../../config';
import { enqueueMail } from '../outbox';
import { recipientLanguage, renderMail } from '../mail-templates';

export type LifecycleNotice = 'ending' | 'end-reminder' | 'expired';

interface NoticeProject {
  identifier: string;
  name: string;
  /** yyyy-MM-dd */
  dateEnd: string;
  /** yyyy-MM-dd: the last day an extension may still be asked for. */
  graceEnd: string;
}

const shown = (date: string) => format(parseISO(date), 'dd.MM.yyyy');

/** Writes one lifecycle notice to `person` into the outbox, in the transaction of the change. */
export async function mailLifecycleNotice(
  trx: Transaction<Database>,
  ctx: { schemas: SchemaSet; config: Pick<ServerConfig, 'publicUrl'> },
  notice: LifecycleNotice,
  person: Pick<UserRow, 'person_mail' | 'person_type' | 'language'>,
  project: NoticeProject,
): Promise<void> {
  if (!person.person_mail) return;
  const lang = recipientLanguage(person);
  const link = `${ctx.config.publicUrl}/ui/my-requests/extend/${encodeURIComponent(project.identifier)}`;
  const text = renderMail(ctx.schemas, `project-${notice}`, lang, {
    name: project.name,
    identifier: project.identifier,
    dateEnd: shown(project.dateEnd),
    graceEnd: shown(project.graceEnd),
    link,
  });
  await enqueueMail(trx, { kind: `project-${notice}`, to: person.person_mail, ...text, lang }, ctx.schemas);
}
