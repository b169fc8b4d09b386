/**
 * The monthly usage summary (docs/decisions/0200-mail-preferences.md): a few days after a month
 * ends (afterMonthDays of usage-summary in rules/mail.json, in the accounting time zone of
 * rules/clusters.json), the leads of every running project that used the clusters in that month
 * get a routine notice with its CPU and GPU hours of the month and since the start, from the
 * monthly aggregates. A project's summary of a month is claimed by inserting its row in
 * `usage_notices`, in the transaction that writes the notices: with any number of processes it
 * goes out once.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '@/server/db/tables';
import { mailRules, type SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { activeStateNames } from '../projects/active-states';
import { projectRecipients, sendNotice } from '../mail/notices';
import { clustersOf } from './clusters';
import { addMonths, monthLabel, monthOf } from './window';
import { efficiencyAnswer } from '../grants/efficiency';
import { paths } from '@/schema-runtime/pages';

export interface UsageSummaryContext {
  db: Kysely<Database>;
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
  const { rows } = await sql<{ id: number; identifier: string; name: string; cpuh: number; gpuh: number; cpuh_total: number; gpuh_total: number }>`
    SELECT p.id, p.identifier, p.name,
           sum(u.cpuh) FILTER (WHERE u.month = ${month}::date) AS cpuh,
           sum(u.gpuh) FILTER (WHERE u.month = ${month}::date) AS gpuh,
           sum(u.cpuh) AS cpuh_total, sum(u.gpuh) AS gpuh_total
    FROM usage_monthly u
    JOIN projects p ON p.id = u.project_id
    JOIN states s ON s.id = p.state_id
    WHERE s.name = any(${active}::text[]) AND u.month <= ${month}::date
      AND NOT EXISTS (SELECT 1 FROM usage_notices n WHERE n.project_id = p.id AND n.month = ${month}::date)
    GROUP BY p.id
    HAVING coalesce(sum(u.cpuh) FILTER (WHERE u.month = ${month}::date), 0) + coalesce(sum(u.gpuh) FILTER (WHERE u.month = ${month}::date), 0) > 0
    ORDER BY p.id`.execute(db);
  let told = 0;
  for (const project of rows) {
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('usage_notices')
        .values({ project_id: project.id, month, sent_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('project_id')
        .executeTakeFirst();
      if (!claimed) return false;
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
