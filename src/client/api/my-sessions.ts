import type { MySessionsAnswer, SessionsEndedAnswer } from '@generated';
import { api } from './api-slice';
import { onSuccess } from './tags';

export const mySessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/my-sessions/: the caller's live sessions, the last used first. */
    mySessions: build.query<MySessionsAnswer, void>({
      query: () => 'api/v1/internal/my-sessions/',
      providesTags: ['MySessions'],
    }),
    /** POST /api/v1/internal/my-sessions/:id/end: ends one of them (the caller's own signs them out). */
    endMySession: build.mutation<SessionsEndedAnswer, string>({
      query: (id) => ({ url: `api/v1/internal/my-sessions/${encodeURIComponent(id)}/end`, method: 'POST' }),
      invalidatesTags: onSuccess('MySessions'),
    }),
    /** POST /api/v1/internal/my-sessions/end-others: ends all but the caller's own. */
    endOtherSessions: build.mutation<SessionsEndedAnswer, void>({
      query: () => ({ url: 'api/v1/internal/my-sessions/end-others', method: 'POST' }),
      invalidatesTags: onSuccess('MySessions'),
    }),
  }),
});

export const { useMySessionsQuery, useEndMySessionMutation, useEndOtherSessionsMutation } = mySessionsApi;
