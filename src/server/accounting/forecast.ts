import type { Db } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { clustersOf } from './clusters';
import { activeStateNames } from '../projects/active-states';
import { addMonths, monthLabel, monthOf, monthsBetween } from './window';
import { hoursOfProjects } from './queries';
import { runningProjectsAmong } from '@/server/projects/queries';

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

/** The length of an average month in days, the forecast's unit. */
export const AVERAGE_MONTH_DAYS = 365.25 / 12;
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;
const round = (v: number) => Math.round(v * 100) / 100;

/** One kind of hours of a running project on one cluster: the average of its last full months and the hours so far. */
export interface Rate {
  perMonth: number;
  soFar: number;
}

/** A running project's rates per cluster (only clusters it used). */
export interface RunningProject {
  id: number;
  identifier: string;
  endDate: string;
  clusters: Record<string, { cpuh: Rate; gpuh: Rate }>;
}

/**
 * For each project still running (in an active state of rules/states and not past its end date):
 * per cluster it used, the average CPU and GPU hours of its last full months (rules/constants
 * accountingForecastMonths) and the hours since the start. The forecast and the grants' run-out
 * dates both stand on it.
 */
export async function runningRates(db: Db, schemas: SchemaSet, projectIds: number[], now: Date = new Date()): Promise<RunningProject[]> {
  if (!projectIds.length) return [];
  const { timeZone } = clustersOf(schemas);
  const today = now.toISOString().slice(0, 10);
  const running = await runningProjectsAmong(db, projectIds, activeStateNames(schemas), today);
  if (!running.length) return [];
  const n = schemas.constants.accountingForecastMonths;
  const current = monthOf(now, timeZone);
  const firstFull = addMonths(current, -n);
  const rows = await hoursOfProjects(db, running.map((p) => p.id), firstFull, current);
  return running.map((project) => ({
    id: project.id,
    identifier: project.identifier,
    endDate: String(project.date_end),
    clusters: Object.fromEntries(
      rows
        .filter((r) => r.project_id === project.id)
        .map((r) => [
          r.cluster,
          {
            cpuh: { perMonth: Number(r.cpuh_recent) / n, soFar: Number(r.cpuh) },
            gpuh: { perMonth: Number(r.gpuh_recent) / n, soFar: Number(r.gpuh) },
          },
        ]),
    ),
  }));
}

/** Average months from `now` until `until`, stopping at the end date `end`. */
export function monthsUntil(now: Date, until: Date, end: Date): number {
  return Math.max(0, (Math.min(until.getTime(), end.getTime()) - now.getTime()) / DAY_MS / AVERAGE_MONTH_DAYS);
}

/**
 * For each project still running: its CPU hours' average extended to the end date, per cluster.
 * Answers `{identifier: {cluster: Forecast}}`; a project without usage has none.
 */
export async function forecastsFor(
  db: Db,
  schemas: SchemaSet,
  projectIds: number[],
  now: Date = new Date(),
): Promise<Record<string, Record<string, Forecast>>> {
  const { timeZone } = clustersOf(schemas);
  const current = monthOf(now, timeZone);
  const out: Record<string, Record<string, Forecast>> = {};
  for (const project of await runningRates(db, schemas, projectIds, now)) {
    const endDate = project.endDate;
    const end = new Date(`${endDate}T23:59:59Z`);
    for (const [cluster, { cpuh }] of Object.entries(project.clusters)) {
      const { perMonth, soFar } = cpuh;
      if (perMonth <= 0) continue;
      const months = monthsBetween(current, monthOf(end, timeZone)).map((m) => {
        const endOfMonth = new Date(`${addMonths(m, 1)}T00:00:00Z`);
        return { month: monthLabel(m), cpuh: round(soFar + perMonth * monthsUntil(now, endOfMonth, end)) };
      });
      (out[project.identifier] ??= {})[cluster] = {
        perMonth: round(perMonth),
        soFar: round(soFar),
        atEnd: round(soFar + perMonth * monthsUntil(now, end, end)),
        endDate,
        months,
      };
    }
  }
  return out;
}
