import type { Db } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { clustersOf } from './clusters';
import { monthLabel, monthOf, monthsBetween, windowOf, type MonthWindow } from './window';
import { usageOfScope, usageYearsOf, type UsageScopeFilter } from './queries';
import { identifiersAndNamesOf } from '@/server/projects/queries';

/** Whose usage an answer shows: one user's (columns per project), or projects' (per project or per user). */
export type UsageScope = UsageScopeFilter;

/** One chart's rows: `{month: 'MM/YYYY', <column>: hours, ...}`. */
export type UsageRow = { month: string } & Record<string, number | string>;
export interface ClusterUsage {
  monthly: { cpuh: UsageRow[]; gpuh: UsageRow[] };
  cumulative: { cpuh: UsageRow[]; gpuh: UsageRow[] };
}

/** The accounting answer: a key per cluster with usage, plus the names of the columns. */
export type UsageAnswer = Record<string, unknown> & {
  projects_mapping: Record<string, string>;
  users_mapping: Record<string, string>;
  years: number[];
  window: { range: MonthWindow['range']; year?: number; from: string; to: string };
};

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** Running sums of monthly rows, column by column, each starting from its `base` (hours before the rows). */
export function cumulate(rows: UsageRow[], keys: string[], base: Record<string, number> = {}): UsageRow[] {
  const total: Record<string, number> = Object.fromEntries(keys.map((k) => [k, base[k] ?? 0]));
  return rows.map((row) => {
    const out: UsageRow = { month: row.month };
    for (const k of keys) {
      total[k] += Number(row[k] ?? 0);
      out[k] = round(total[k]);
    }
    return out;
  });
}

/**
 * Builds the accounting answer from the monthly aggregates only (never the job records): per
 * cluster, monthly and cumulative CPU and GPU hours for every month of the window asked for; the
 * columns are those with usage in the window, and their cumulative hours include the hours before it.
 */
export async function usageAnswer(
  db: Db,
  schemas: SchemaSet,
  scope: UsageScope,
  query: { year?: string; range?: string },
  now: Date = new Date(),
): Promise<UsageAnswer> {
  const { clusters, timeZone } = clustersOf(schemas);
  const span = await usageYearsOf(db, scope);
  const years = span.map((r) => Number(r.year));
  const window = windowOf(query, monthOf(now, timeZone), span[0]?.first ?? null);
  const { rows, before } = await usageOfScope(db, scope, window.from, window.to);

  const months = monthsBetween(window.from, window.to);
  const answer: UsageAnswer = {
    projects_mapping: {},
    users_mapping: {},
    years,
    window: { range: window.range, ...(window.year ? { year: window.year } : {}), from: window.from.slice(0, 7), to: window.to.slice(0, 7) },
  };
  const mapping = scope.kind === 'projects' && scope.perUser ? answer.users_mapping : answer.projects_mapping;
  for (const cluster of clusters) {
    const mine = rows.filter((r) => r.cluster === cluster.name);
    if (!mine.length) continue;
    const keys = [...new Set(mine.map((r) => r.key))].sort();
    for (const r of mine) mapping[r.key] = r.name;
    const byMonth = new Map<string, Map<string, { cpuh: number; gpuh: number }>>();
    for (const r of mine) {
      const month = String(r.month).slice(0, 10);
      if (!byMonth.has(month)) byMonth.set(month, new Map());
      byMonth.get(month)!.set(r.key, { cpuh: Number(r.cpuh), gpuh: Number(r.gpuh) });
    }
    const series = (field: 'cpuh' | 'gpuh'): UsageRow[] =>
      months.map((m) => {
        const row: UsageRow = { month: monthLabel(m) };
        for (const k of keys) row[k] = round(byMonth.get(m)?.get(k)?.[field] ?? 0);
        return row;
      });
    const cpuh = series('cpuh');
    const gpuh = series('gpuh');
    const base = (field: 'cpuh' | 'gpuh') => Object.fromEntries(before.filter((r) => r.cluster === cluster.name).map((r) => [r.key, Number(r[field])]));
    answer[cluster.name] = {
      monthly: { cpuh, gpuh },
      cumulative: { cpuh: cumulate(cpuh, keys, base('cpuh')), gpuh: cumulate(gpuh, keys, base('gpuh')) },
    } satisfies ClusterUsage;
  }
  if (scope.kind === 'projects' && scope.perUser && scope.projectIds.length) {
    // The project filter of the per-user page needs the projects' names too.
    const projects = await identifiersAndNamesOf(db, scope.projectIds);
    for (const p of projects) answer.projects_mapping[p.identifier] = p.name;
  }
  return answer;
}
