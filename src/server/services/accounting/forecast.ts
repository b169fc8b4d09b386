import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SchemaSet } from '../../../schema-runtime';
import { clustersOf } from './clusters';
import { activeStateNames } from '../active-states';
import { addMonths, monthLabel, monthOf, monthsBetween } from './window';

/** One running project's CPU-hour forecast on one cluster. */
export interface Forecast {
  /** Average CPU hours of the last full months. */
  perMonth: number;
  /** CPU hours used since the start. */
  soFar: number;
  /** CPU hours at the end date if the average holds. */
  atEnd: number;
  endDate: string;
  /** The cumulative line from the current month to the end month, `{month: 'MM/YYYY', cpuh}`. */
  months: { month: string; cpuh: number }[];
}

const AVERAGE_MONTH_DAYS = 365.25 / 12;
const DAY_MS = 86_400_000;
const round = (v: number) => Math.round(v * 100) / 100;

/**
 * For each project still running (in an active state of rules/states and not past its end date): the average of its last full
 * months (rules/constants accountingForecastMonths) extended to the end date, per cluster.
 * Answers `{identifier: {cluster: Forecast}}`; a project without usage has none.
 */
export async function forecastsFor(
  db: Kysely<Database>,
  schemas: SchemaSet,
  projectIds: number[],
  now: Date = new Date(),
): Promise<Record<string, Record<string, Forecast>>> {
  if (!projectIds.length) return {};
  const { timeZone } = clustersOf(schemas);
  const today = now.toISOString().slice(0, 10);
  const running = await db
    .selectFrom('projects')
    .innerJoin('states', 'states.id', 'projects.state_id')
    .select(['projects.id', 'projects.identifier', 'projects.date_end'])
    .where('projects.id', 'in', projectIds)
    .where('states.name', 'in', activeStateNames(schemas))
    .where('date_end', '>=', today)
    .execute();
  if (!running.length) return {};
  const n = schemas.constants.accountingForecastMonths;
  const current = monthOf(now, timeZone);
  const firstFull = addMonths(current, -n);
  const { rows } = await sql<{ project_id: number; cluster: string; total: number; recent: number }>`
    SELECT project_id, cluster, sum(cpuh) AS total,
           sum(CASE WHEN month >= ${firstFull}::date AND month < ${current}::date THEN cpuh ELSE 0 END) AS recent
    FROM usage_monthly WHERE project_id = any(${running.map((p) => p.id)}::int[])
    GROUP BY project_id, cluster`.execute(db);
  const out: Record<string, Record<string, Forecast>> = {};
  for (const project of running) {
    const endDate = String(project.date_end);
    const end = new Date(`${endDate}T23:59:59Z`);
    for (const r of rows.filter((x) => x.project_id === project.id)) {
      const perMonth = Number(r.recent) / n;
      const soFar = Number(r.total);
      if (perMonth <= 0) continue;
      const monthsUntil = (until: Date) => Math.max(0, (Math.min(until.getTime(), end.getTime()) - now.getTime()) / DAY_MS / AVERAGE_MONTH_DAYS);
      const months = monthsBetween(current, monthOf(end, timeZone)).map((m) => {
        const endOfMonth = new Date(`${addMonths(m, 1)}T00:00:00Z`);
        return { month: monthLabel(m), cpuh: round(soFar + perMonth * monthsUntil(endOfMonth)) };
      });
      (out[project.identifier] ??= {})[r.cluster] = {
        perMonth: round(perMonth),
        soFar: round(soFar),
        atEnd: round(soFar + perMonth * monthsUntil(end)),
        endDate,
        months,
      };
    }
  }
  return out;
}
