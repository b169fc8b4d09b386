/**
 * The mails of the automatic project lifecycle (services/projects/lifecycle.ts): the lead is asked
 * to request an extension before the end date and reminded on it; every member is told when the
 * project expires. Each in the member's mail language (templates `project-ending`,
 * `project-end-reminder`, `project-expired`); rules/mail.json sends them at once.
 */
import { format, parseISO } from 'date-fns';
import type { Trx } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { sendNotice } from '../mail/notices';
import { type NoticeRecipient } from '@/server/mail/queries';
import { paths } from '@/schema-runtime/pages';

export type LifecycleNotice = 'ending' | 'end-reminder' | 'expired';

interface NoticeProject {
  id: number;
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
  trx: Trx,
  ctx: { schemas: SchemaSet; config: Pick<ServerConfig, 'publicUrl'> },
  notice: LifecycleNotice,
  person: NoticeRecipient,
  project: NoticeProject,
): Promise<void> {
  const link = `${ctx.config.publicUrl}${paths.extendRequest.href(project.identifier)}`;
  await sendNotice(trx, ctx.schemas, {
    kind: `project-${notice}`,
    to: person,
    projectId: project.id,
    params: { name: project.name, identifier: project.identifier, dateEnd: shown(project.dateEnd), graceEnd: shown(project.graceEnd), link },
  });
}
