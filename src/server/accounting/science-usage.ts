import type { Db } from '@/server/db/handle';
import { scienceDomainsOf, type SchemaSet } from '@/schema-runtime';
import type { ScienceUsage, ScienceUsageLabel } from '@generated';
import { ApiError, msg } from '@/server/errors';
import { renderMessage } from '@/server/i18n/messages';
import { clustersOf } from './clusters';
import { monthLabel, monthOf, monthsBetween, windowOf } from './window';
import { hoursByScience, usageYears } from './queries';

export interface ScienceUsageQuery {
  by?: string;
  period?: string;
  year?: string;
  range?: string;
}

/** The key under which hours of projects without declared science domains are kept. */
export const NO_DOMAIN = '';

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * CPU and GPU hours per cluster split by the projects' declared science shares: a project's hours
 * count `domain %` towards each of its domains, and `domain % × field %` towards each field. Shares
 * are normalised per project (a project whose shares do not total 100 still splits all of its hours),
 * and projects without any declared domain keep their hours under NO_DOMAIN, so each cluster's
 * columns add up to the accounting total. Reads the monthly aggregates only.
 */
export async function scienceUsage(db: Db, schemas: SchemaSet, query: ScienceUsageQuery, now: Date = new Date()): Promise<ScienceUsage> {
  const by = query.by ?? 'domain';
  const period = query.period ?? 'month';
  if (by !== 'domain' && by !== 'field') throw new ApiError('validationFailed', msg('scienceUsageByInvalid'));
  if (period !== 'month' && period !== 'year') throw new ApiError('validationFailed', msg('scienceUsagePeriodInvalid'));
  const { clusters, timeZone } = clustersOf(schemas);

  const span = await usageYears(db);
  const window = windowOf(query, monthOf(now, timeZone), span[0]?.first ?? null);
  const rows = await hoursByScience(db, by, period, window.from, window.to, NO_DOMAIN);

  const months = monthsBetween(window.from, window.to);
  const periods =
    period === 'month'
      ? months.map((m) => ({ key: m, label: monthLabel(m) }))
      : [...new Set(months.map((m) => m.slice(0, 4)))].map((y) => ({ key: `${y}-01-01`, label: y }));
  const present = new Set(rows.map((r) => r.key));
  const answer: ScienceUsage = {
    by,
    period,
    years: span.map((r) => Number(r.year)),
    window: { range: window.range, ...(window.year ? { year: window.year } : {}), from: window.from.slice(0, 7), to: window.to.slice(0, 7) },
    columns: columnsOf(schemas, by, present),
    clusters: [],
  };
  for (const cluster of clusters) {
    const mine = rows.filter((r) => r.cluster === cluster.name);
    if (!mine.length) continue;
    const cell = new Map(mine.map((r) => [`${r.period}|${r.key}`, r]));
    const keys = answer.columns.map((c) => c.key).filter((k) => mine.some((r) => r.key === k));
    const hoursAt = (periodKey: string, field: 'cpuh' | 'gpuh') =>
      Object.fromEntries(keys.map((k) => [k, round(Number(cell.get(`${periodKey}|${k}`)?.[field] ?? 0))]));
    const sumOf = (field: 'cpuh' | 'gpuh', key?: string) => mine.filter((r) => key === undefined || r.key === key).reduce((total, r) => total + Number(r[field]), 0);
    answer.clusters.push({
      cluster: cluster.name,
      rows: periods.map((p) => ({ period: p.label, cpuh: hoursAt(p.key, 'cpuh'), gpuh: hoursAt(p.key, 'gpuh') })),
      totals: {
        cpuh: Object.fromEntries(keys.map((k) => [k, round(sumOf('cpuh', k))])),
        gpuh: Object.fromEntries(keys.map((k) => [k, round(sumOf('gpuh', k))])),
        cpuhAll: round(sumOf('cpuh')),
        gpuhAll: round(sumOf('gpuh')),
      },
    });
  }
  return answer;
}

/** The columns with hours, in the order of the science-domains rule; unknown values and NO_DOMAIN last. */
function columnsOf(schemas: SchemaSet, by: 'domain' | 'field', present: Set<string>): ScienceUsage['columns'] {
  const domains = scienceDomainsOf(schemas);
  const known: { key: string; label: ScienceUsageLabel; domain?: ScienceUsageLabel }[] =
    by === 'domain'
      ? domains.map((d) => ({ key: d.value, label: d.label }))
      : domains.flatMap((d) => d.fields.map((f) => ({ key: f.value, label: f.label, domain: d.label })));
  const seen = new Set<string>();
  const columns = known.filter((c) => present.has(c.key) && !seen.has(c.key) && seen.add(c.key));
  for (const key of [...present].sort()) if (!seen.has(key) && key !== NO_DOMAIN) columns.push({ key, label: { hr: key, en: key } });
  if (present.has(NO_DOMAIN)) columns.push({ key: NO_DOMAIN, label: { hr: renderMessage('noScienceDomain', 'hr'), en: renderMessage('noScienceDomain', 'en') } });
  return columns;
}
