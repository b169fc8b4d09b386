/**
 * The monthly usage summary (docs/decisions/0200-mail-preferences.md): a few days after a month
 * ends (afterMonthDays of usage-summary in rules/mail.json, in the accounting time zone of
 * rules/clusters.json), the leads of every running project that used the clusters in that month
 * get a routine notice with its CPU and GPU hours of the month and since the start, from the
 * monthly aggregates. A project's summary of a month is claimed by inserting its row in
 * `usage_notices`, in the transaction that writes the notices: with any number of processes it
 * goes out once.
 */
import type { DatabaseHandle } from '@/server/db/handle';
import { mailRules, type SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { activeStateNames } from '../projects/active-states';
import { projectRecipients, sendNotice } from '../mail/notices';
import { clustersOf } from './clusters';
import { addMonths, monthLabel, monthOf } from './window';
import { claimUsageNotice, projectsToSummarise } from './queries';
import { efficiencyAnswer } from '../grants/efficiency';
import { paths } from '@/schema-runtime/pages';

export interface UsageSummaryContext {
  db: DatabaseHandle;
  schemas: SchemaSet;
  config: Pick<ServerConfig, 'publicUrl'>;
}

/** What one run did: the month it summed up (none before it is due) and the projects told. */
export interface UsageSummaryRun {
  month: string | null;
  projects: number;
}

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** The day of the month of an instant in a time zone. */
function dayOfMonth(date: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric' }).format(date));
}

/** Sends the summaries of the month before `now` once they are due (tests pass their own clock). */
export async function runUsageSummaries(ctx: UsageSummaryContext, now: Date = new Date()): Promise<UsageSummaryRun> {
  const { db, schemas, config } = ctx;
  const { timeZone } = clustersOf(schemas);
  const afterDays = mailRules(schemas).kind('usage-summary').afterMonthDays ?? 0;
  if (dayOfMonth(now, timeZone) <= afterDays) return { month: null, projects: 0 };
  const month = addMonths(monthOf(now, timeZone), -1);
  const active = activeStateNames(schemas);
  if (!active.length) return { month, projects: 0 };
  const rows = await projectsToSummarise(db, active, month);
  let told = 0;
  for (const project of rows) {
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await claimUsageNotice(trx, project.id, month, now))) return false;
      const leads = await projectRecipients(trx, project.id, { leadsOnly: true });
      // The members below the efficiency threshold of rules/grants.json, named with the hours they lost.
      const efficiency = await efficiencyAnswer(trx, schemas, { kind: 'members', projectIds: [project.id] }, month);
      // Whole numbers: the list is one text for both languages' templates.
      const below = efficiency.rows.filter((r) => r.below).map((r) => `${r.name} (${Math.round(r.efficiency ?? 0)}; ${Math.round(r.lostHours)})`);
      const params = {
        below: below.join(', '),
        threshold: efficiency.threshold,
        name: project.name,
        identifier: project.identifier,
        month: monthLabel(month),
        cpuh: oneDecimal(Number(project.cpuh ?? 0)),
        gpuh: oneDecimal(Number(project.gpuh ?? 0)),
        cpuhTotal: oneDecimal(Number(project.cpuh_total ?? 0)),
        gpuhTotal: oneDecimal(Number(project.gpuh_total ?? 0)),
        link: `${config.publicUrl}${paths.projectAccounting.href}`,
      };
      for (const lead of leads) await sendNotice(trx, schemas, { kind: 'usage-summary', to: lead, projectId: project.id, params, at: now });
      return true;
    });
    if (sent) told += 1;
  }
  return { month, projects: told };
}
