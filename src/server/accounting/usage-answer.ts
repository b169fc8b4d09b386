import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@/server/db/tables';
import type { SchemaSet } from '@/schema-runtime';
import { clustersOf } from './clusters';
import { monthLabel, monthOf, monthsBetween, windowOf, type MonthWindow } from './window';

/** Whose usage an answer shows: one user's (columns per project), or projects' (per project or per user). */
export type UsageScope = { kind: 'user'; userId: number } | { kind: 'projects'; projectIds: number[]; perUser: boolean };

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

function scopeCondition(scope: UsageScope): RawBuilder<boolean> {
  if (scope.kind === 'user') return sql<boolean>`a.user_id = ${scope.userId}`;
  if (!scope.projectIds.length) return sql<boolean>`false`;
  const users = scope.perUser ? sql`AND a.user_id IS NOT NULL` : sql``;
  return sql<boolean>`a.project_id = any(${scope.projectIds}::int[]) ${users}`;
}

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
  db: Kysely<Database>,
  schemas: SchemaSet,
  scope: UsageScope,
  query: { year?: string; range?: string },
  now: Date = new Date(),
): Promise<UsageAnswer> {
  const { clusters, timeZone } = clustersOf(schemas);
  const where = scopeCondition(scope);
  const span = await sql<{ year: number; first: string }>`
    SELECT extract(year FROM a.month)::int AS year, min(a.month) AS first
    FROM usage_monthly a WHERE ${where} GROUP BY 1 ORDER BY 1`.execute(db);
  const years = span.rows.map((r) => Number(r.year));
  const window = windowOf(query, monthOf(now, timeZone), span.rows[0]?.first ?? null);
  const keyColumn = scope.kind === 'projects' && scope.perUser ? sql`u.username` : sql`p.identifier`;
  const { rows } = await sql<{ cluster: string; month: string; key: string; name: string; cpuh: number; gpuh: number }>`
    SELECT a.cluster, a.month, ${keyColumn} AS key,
           ${scope.kind === 'projects' && scope.perUser ? sql`u.first_name || ' ' || u.last_name` : sql`p.name`} AS name,
           sum(a.cpuh) AS cpuh, sum(a.gpuh) AS gpuh
    FROM usage_monthly a
    JOIN projects p ON p.id = a.project_id
    LEFT JOIN users u ON u.id = a.user_id
    WHERE ${where} AND a.month BETWEEN ${window.from}::date AND ${window.to}::date
    GROUP BY a.cluster, a.month, 3, 4`.execute(db);

  // Cumulative bars count from each column's first usage, not from the window's first month: the
  // total so far, the same number the forecast states (docs/decisions/0360-stacked-forecast-and-outbox.md).
  const { rows: before } = await sql<{ cluster: string; key: string; cpuh: number; gpuh: number }>`
    SELECT a.cluster, ${keyColumn} AS key, sum(a.cpuh) AS cpuh, sum(a.gpuh) AS gpuh
    FROM usage_monthly a
    JOIN projects p ON p.id = a.project_id
    LEFT JOIN users u ON u.id = a.user_id
    WHERE ${where} AND a.month < ${window.from}::date
    GROUP BY a.cluster, 2`.execute(db);

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
    const projects = await db.selectFrom('projects').select(['identifier', 'name']).where('id', 'in', scope.projectIds).execute();
    for (const p of projects) answer.projects_mapping[p.identifier] = p.name;
  }
  return answer;
}
