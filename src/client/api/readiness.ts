import type { MemberReadinessAnswer, MemberReadinessAnswerSummary, MemberReadinessAnswerStaffFilter, MemberReadinessAnswerResendAnswer } from '@generated';
import { api } from './api-slice';
import { LEAD_READINESS } from './first-calls';
import { onSuccess, PROJECT_LISTS, projectTag, type ApiTag } from './tags';

/** Readiness changes with members, invitations, keys and users: any of them refreshes it. */
const READINESS_SOURCES: ApiTag[] = ['Readiness', 'Invites', 'SshKeys', 'Users'];

export const readinessApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/projects/:identifier/readiness (its lead and staff): every member and pending invitation with the next step. */
    projectReadiness: build.query<MemberReadinessAnswer, string>({
      query: (identifier) => `api/v1/internal/projects/${encodeURIComponent(identifier)}/readiness`,
      providesTags: (_result, _error, identifier) => [...READINESS_SOURCES, projectTag(identifier)],
    }),
    /** GET /api/v1/internal/projects-readiness/: per active project the caller leads, how many people are stuck. */
    leadReadiness: build.query<MemberReadinessAnswerSummary, void>({
      query: () => LEAD_READINESS,
      providesTags: [...READINESS_SOURCES, PROJECT_LISTS],
    }),
    /** GET /api/v1/internal/users-readiness/?filter= (staff): the users a readiness filter finds. */
    usersReadiness: build.query<MemberReadinessAnswerStaffFilter, 'no-key-active'>({
      query: (filter) => `api/v1/internal/users-readiness/?filter=${filter}`,
      providesTags: [...READINESS_SOURCES, PROJECT_LISTS],
    }),
    /** POST /api/v1/internal/invites-sent/:id/resend: mails a pending invitation once more. */
    resendInvite: build.mutation<MemberReadinessAnswerResendAnswer, number>({
      query: (id) => ({ url: `api/v1/internal/invites-sent/${id}/resend`, method: 'POST' }),
      invalidatesTags: onSuccess('Readiness', 'Invites'),
    }),
  }),
});

export const { useProjectReadinessQuery, useLeadReadinessQuery, useUsersReadinessQuery, useResendInviteMutation } = readinessApi;
