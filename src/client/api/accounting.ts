import type { ScienceUsage } from '@generated';
import { api } from './api-slice';

/** One month of one chart: `{month: 'MM/YYYY', <project or user>: hours, ...}`. */
export type UsageRow = { month: string } & Record<string, number | string>;

export interface ClusterUsage {
  monthly: { cpuh: UsageRow[]; gpuh: UsageRow[] };
  cumulative: { cpuh: UsageRow[]; gpuh: UsageRow[] };
}

/** A running project's CPU-hour forecast on one cluster. */
export interface UsageForecast {
  perMonth: number;
  soFar: number;
  atEnd: number;
  endDate: string;
  months: { month: string; cpuh: number }[];
}

/** The accounting answer: a key per cluster with usage (see rules/clusters.json) and the column names. */
export interface UsageAnswer {
  projects_mapping: Record<string, string>;
  users_mapping: Record<string, string>;
  years: number[];
  window: { range: 'last12' | 'year' | 'all'; year?: number; from: string; to: string };
  forecast?: Record<string, Record<string, UsageForecast>>;
  [cluster: string]: unknown;
}

/** The window (and for the per-user page, the project) a page asks for. */
export interface UsageQuery {
  year?: number;
  range?: 'last12' | 'all';
  project?: string;
}

/** The split and step of the usage-by-science-domain report, with its window. */
export interface ScienceUsageQuery extends Pick<UsageQuery, 'year' | 'range'> {
  by: 'domain' | 'field';
  period: 'month' | 'year';
}

export type { ScienceUsage };

const params = (q: UsageQuery) => {
  const search = new URLSearchParams();
  if (q.year) search.set('year', String(q.year));
  else if (q.range) search.set('range', q.range);
  if (q.project) search.set('project', q.project);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const accountingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/accounting/records: the caller's own usage, per project. */
    myUsage: build.query<UsageAnswer, UsageQuery>({ query: (q) => `api/v1/internal/accounting/records${params(q)}` }),
    /** GET /api/v1/internal/accounting/project-records: usage of the projects the caller leads, per project. */
    projectUsage: build.query<UsageAnswer, UsageQuery>({ query: (q) => `api/v1/internal/accounting/project-records${params(q)}` }),
    /** GET /api/v1/internal/accounting/project-user-records: usage per user in the led projects. */
    projectUsersUsage: build.query<UsageAnswer, UsageQuery>({ query: (q) => `api/v1/internal/accounting/project-user-records${params(q)}` }),
    /** GET /api/v1/internal/accounting/science-usage (staff): hours split by the projects' science shares. */
    scienceUsage: build.query<ScienceUsage, ScienceUsageQuery>({
      query: ({ by, period, ...window }) => {
        const search = new URLSearchParams(params(window).slice(1));
        search.set('by', by);
        search.set('period', period);
        return `api/v1/internal/accounting/science-usage?${search.toString()}`;
      },
    }),
  }),
});

export const { useMyUsageQuery, useProjectUsageQuery, useProjectUsersUsageQuery, useScienceUsageQuery } = accountingApi;
