import type { MessageAnswer, RuleEditorAddBody, RuleEditorList } from '@generated';
import { api } from './api-slice';
import { onSuccess } from './tags';

/** Who edits the rules: the group RULES_EDITOR_GROUP names, changed by superusers (docs/decisions/0640-rules-edited-in-the-browser.md). */
export const ruleEditorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET rule-editors (staff): the group's name or null, the superusers and the group's members. */
    ruleEditors: build.query<RuleEditorList, void>({ query: () => 'api/v1/internal/rule-editors', providesTags: ['RuleEditors'] }),
    /** POST rule-editors (superusers): a staff member added by username; whether one may edit changes too. */
    addRuleEditor: build.mutation<MessageAnswer, RuleEditorAddBody>({
      query: (body) => ({ url: 'api/v1/internal/rule-editors', method: 'POST', body }),
      invalidatesTags: onSuccess('RuleEditors', 'RuleDrafts'),
    }),
    /** DELETE rule-editors/:userId (superusers): a member removed from the group. */
    removeRuleEditor: build.mutation<MessageAnswer, number>({
      query: (userId) => ({ url: `api/v1/internal/rule-editors/${userId}`, method: 'DELETE' }),
      invalidatesTags: onSuccess('RuleEditors', 'RuleDrafts'),
    }),
  }),
});

export const { useRuleEditorsQuery, useAddRuleEditorMutation, useRemoveRuleEditorMutation } = ruleEditorsApi;
