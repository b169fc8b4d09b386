import type { EfficiencyAnswer, EfficiencyAnswerRow, GrantsAnswer, GrantsAnswerCluster, GrantsAnswerHours, GrantsAnswerProject } from '@generated';
import { api } from './api-slice';
import { GRANTS } from './first-calls';
import { PROJECT_LISTS, projectTag } from './tags';

export type { EfficiencyAnswer, EfficiencyAnswerRow, GrantsAnswer, GrantsAnswerCluster, GrantsAnswerHours, GrantsAnswerProject };

const search = (q: Record<string, string | undefined>) => {
  const text = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return text ? `?${text}` : '';
};

/**
 * Hours granted and efficiency (docs/decisions/0290-hours-granted.md). Grants change when staff
 * save a project, so they are provided under the projects' tag that saving invalidates.
 */
export const grantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/grants: the grants of the projects the caller leads, or of one project. */
    grants: build.query<GrantsAnswer, { project?: string }>({ query: (q) => `${GRANTS}${search(q)}`, providesTags: (_result, _error, { project }) => [project ? projectTag(project) : PROJECT_LISTS] }),
    /** GET /api/v1/internal/grants/over-threshold (staff). */
    grantsOverThreshold: build.query<GrantsAnswer, void>({ query: () => 'api/v1/internal/grants/over-threshold', providesTags: [PROJECT_LISTS] }),
    /** GET /api/v1/internal/accounting/efficiency: per member of the projects the caller leads, in a month. */
    efficiency: build.query<EfficiencyAnswer, { project?: string; month?: string }>({ query: (q) => `api/v1/internal/accounting/efficiency${search(q)}` }),
    /** GET /api/v1/internal/accounting/efficiency/projects (staff): the least efficient projects of a month. */
    leastEfficient: build.query<EfficiencyAnswer, { month?: string }>({ query: (q) => `api/v1/internal/accounting/efficiency/projects${search(q)}` }),
  }),
});

export const { useGrantsQuery, useGrantsOverThresholdQuery, useEfficiencyQuery, useLeastEfficientQuery } = grantsApi;
