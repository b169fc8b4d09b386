/**
 * Where each grant in force stands (docs/decisions/0290-hours-granted.md): hours used since the
 * project's start against hours granted, per cluster and kind of hours, with the date they run out
 * at the rate the accounting forecast uses and the thresholds of rules/grants.json reached. The
 * largest share and the earliest date are kept on the project row for the staff grid.
 */
import { format } from 'date-fns';
import type { Db } from '@/server/db/handle';
import type { GrantsAnswerCluster, GrantsAnswerHours, GrantsAnswerProject } from '@generated';
import { grantRules, type GrantRuleSet, type SchemaSet } from '@/schema-runtime';
import { AVERAGE_MONTH_DAYS, DAY_MS, runningRates, type Rate } from '../accounting/forecast';
import { hoursUsedByCluster } from '../accounting/queries';
import { keepProjectGrantFigures, projectEndsOf } from '../projects/queries';
import { grantsInForce, type GrantInForce } from './grants';
import { flaggedGrantIds } from './queries';

/** The kinds of hours a grant holds. */
export const HOUR_KINDS = ['cpuh', 'gpuh'] as const;

/** A project's status, with the grants behind it (the warnings claim them by id). */
export interface ProjectGrantStatus extends GrantsAnswerProject {
  id: number;
  grants: (GrantInForce & { status: GrantsAnswerCluster })[];
}

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** The day the hours left run out at `perMonth`, or null when not before the end date (or never). */
function runOutDate(left: number, perMonth: number, now: Date, endDate: string | null): string | null {
  if (left <= 0 || perMonth <= 0 || !endDate) return null;
  const day = new Date(now.getTime() + (left / perMonth) * AVERAGE_MONTH_DAYS * DAY_MS).toISOString().slice(0, 10);
  return day <= endDate ? day : null;
}

/** One kind of hours of a grant, or undefined when that kind is not granted. */
function hoursOf(rules: GrantRuleSet, granted: number | null, used: number, rate: Rate | undefined, now: Date, endDate: string | null): GrantsAnswerHours | undefined {
  if (granted === null || granted <= 0) return undefined;
  const percent = oneDecimal((used / granted) * 100);
  const perMonth = rate ? oneDecimal(rate.perMonth) : null;
  const runsOut = runOutDate(granted - used, rate?.perMonth ?? 0, now, endDate);
  const reached = rules.thresholds.filter((t) => (t.percent !== undefined ? percent >= t.percent : t.runsOut === true && runsOut !== null)).map((t) => t.key);
  return { granted, used: oneDecimal(used), percent, perMonth, runsOut, reached };
}

/** The status of the grants in force of some projects (every project with one when undefined), ordered by identifier. */
export async function grantStatus(db: Db, schemas: SchemaSet, projectIds?: number[], now: Date = new Date()): Promise<ProjectGrantStatus[]> {
  const grants = await grantsInForce(db, projectIds);
  if (!grants.length) return [];
  const ids = [...new Set(grants.map((g) => g.projectId))];
  const rules = grantRules(schemas);
  const [projects, usage, rates, flags] = await Promise.all([
    projectEndsOf(db, ids),
    hoursUsedByCluster(db, ids),
    runningRates(db, schemas, ids, now),
    flaggedGrantIds(db, grants.map((g) => g.id)),
  ]);
  const flagged = new Set(flags);
  return projects.map((project) => {
    const endDate = project.date_end ? String(project.date_end) : null;
    const mine = grants.filter((g) => g.projectId === project.id);
    const rate = rates.find((r) => r.id === project.id);
    const withStatus = mine.map((grant) => {
      const used = usage.find((u) => u.project_id === project.id && u.cluster === grant.cluster);
      const status: GrantsAnswerCluster = { cluster: grant.cluster as GrantsAnswerCluster['cluster'], grantedAt: grant.grantedAt.toISOString() };
      for (const kind of HOUR_KINDS) {
        const hours = hoursOf(rules, grant[kind], Number(used?.[kind] ?? 0), rate?.clusters[grant.cluster]?.[kind], now, endDate);
        if (hours) status[kind] = hours;
      }
      return { ...grant, status };
    });
    const all = withStatus.flatMap((g) => HOUR_KINDS.flatMap((k) => (g.status[k] ? [g.status[k]] : [])));
    const dates = all.flatMap((h) => (h.runsOut ? [h.runsOut] : [])).sort();
    return {
      id: project.id,
      identifier: project.identifier,
      name: project.name,
      date_end: endDate,
      usedPercent: all.length ? Math.max(...all.map((h) => h.percent)) : null,
      runsOut: dates[0] ?? null,
      flagged: mine.some((g) => flagged.has(g.id)),
      clusters: withStatus.map((g) => g.status),
      grants: withStatus,
    };
  });
}

/** The answer's form of a status (without the grants' ids). */
export function publicStatus({ id: _id, grants: _grants, ...project }: ProjectGrantStatus): GrantsAnswerProject {
  return project;
}

/**
 * Writes the largest share used and the earliest run-out date on the project rows, changing only
 * rows whose figures moved (an unchanged row leaves the staff list's cached answer valid).
 */
export async function keepGrantFigures(db: Db, statuses: readonly ProjectGrantStatus[]): Promise<void> {
  if (!statuses.length) return;
  await keepProjectGrantFigures(db, statuses.map((s) => ({ id: s.id, used: s.usedPercent, runs_out: s.runsOut })));
}

/** Recomputes and keeps the grid's figures of some projects (after a grant changed). */
export async function refreshGrantFigures(db: Db, schemas: SchemaSet, projectIds: number[], now: Date = new Date()): Promise<void> {
  await keepGrantFigures(db, await grantStatus(db, schemas, projectIds, now));
}

/** A date as the mails show it. */
export const shownDate = (date: string) => format(new Date(`${date}T12:00:00Z`), 'dd.MM.yyyy');
