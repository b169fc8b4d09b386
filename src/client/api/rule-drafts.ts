import type { RuleDraftAnswer, RuleDraftCheck, RuleDraftImpact, RuleDraftList, RuleSetQaAnswer, RuleSetQaBody, RuleSetRestoreBody, SchemaReloadAnswer } from '@generated';
import { api } from './api-slice';

/** The rules editor's calls (docs/decisions/0640-rules-edited-in-the-browser.md). */
export const ruleDraftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET rule-drafts/ (staff): the open drafts and whether the caller may edit the rules. */
    ruleDrafts: build.query<RuleDraftList, void>({ query: () => 'api/v1/internal/rule-drafts/', providesTags: ['RuleDrafts'] }),
    /** GET rule-drafts/:id (staff): the draft's files and the quick checks. */
    ruleDraft: build.query<RuleDraftAnswer, number>({ query: (id) => `api/v1/internal/rule-drafts/${id}`, providesTags: ['RuleDrafts'] }),
    createRuleDraft: build.mutation<RuleDraftAnswer, void>({
      query: () => ({ url: 'api/v1/internal/rule-drafts/', method: 'POST', body: {} }),
      invalidatesTags: ['RuleDrafts'],
    }),
    uploadRuleDraft: build.mutation<RuleDraftAnswer, Record<string, unknown>>({
      query: (files) => ({ url: 'api/v1/internal/rule-drafts/upload', method: 'POST', body: { files } }),
      invalidatesTags: ['RuleDrafts'],
    }),
    /** PUT rule-drafts/:id/file: one file replaced; answers the quick checks. The draft's cache is left alone (the page holds the text). */
    editRuleDraft: build.mutation<RuleDraftCheck, { id: number; file: string; doc: unknown }>({
      query: ({ id, file, doc }) => ({ url: `api/v1/internal/rule-drafts/${id}/file`, method: 'PUT', body: { file, doc } }),
    }),
    /** GET rule-drafts/:id/check: the whole set check, as a reload runs it. */
    checkRuleDraft: build.mutation<RuleDraftCheck, number>({ query: (id) => ({ url: `api/v1/internal/rule-drafts/${id}/check` }) }),
    /** GET rule-drafts/:id/impact: the requests and projects the draft affects. */
    ruleDraftImpact: build.mutation<RuleDraftImpact, number>({ query: (id) => ({ url: `api/v1/internal/rule-drafts/${id}/impact` }) }),
    approveRuleDraft: build.mutation<unknown, number>({
      query: (id) => ({ url: `api/v1/internal/rule-drafts/${id}/approve`, method: 'POST', body: {} }),
      invalidatesTags: ['RuleDrafts'],
    }),
    publishRuleDraft: build.mutation<SchemaReloadAnswer, { id: number; note: string; confirmImpact: boolean }>({
      query: ({ id, note, confirmImpact }) => ({ url: `api/v1/internal/rule-drafts/${id}/publish`, method: 'POST', body: { note, confirmImpact } }),
      invalidatesTags: (result) => (result ? ['RuleDrafts', 'SchemaHistory'] : []),
    }),
    discardRuleDraft: build.mutation<unknown, number>({
      query: (id) => ({ url: `api/v1/internal/rule-drafts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['RuleDrafts'],
    }),
    /** POST schemas/qa (staff): a payload judged as npm run validate judges it; changes nothing. */
    judgeRulesQa: build.mutation<RuleSetQaAnswer, RuleSetQaBody>({ query: (body) => ({ url: 'api/v1/internal/schemas/qa', method: 'POST', body }) }),
    /** POST schemas/restore: an earlier set of the history made live again. */
    restoreRuleSet: build.mutation<SchemaReloadAnswer, RuleSetRestoreBody>({
      query: (body) => ({ url: 'api/v1/internal/schemas/restore', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['SchemaHistory'] : []),
    }),
  }),
});

export const {
  useRuleDraftsQuery,
  useRuleDraftQuery,
  useCreateRuleDraftMutation,
  useUploadRuleDraftMutation,
  useEditRuleDraftMutation,
  useCheckRuleDraftMutation,
  useRuleDraftImpactMutation,
  useApproveRuleDraftMutation,
  usePublishRuleDraftMutation,
  useDiscardRuleDraftMutation,
  useRestoreRuleSetMutation,
  useJudgeRulesQaMutation,
} = ruleDraftsApi;
