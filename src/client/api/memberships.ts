import type {
  Invite,
  InviteCancelBody,
  InviteDetails,
  InvitesNewBody,
  MessageAnswer,
  UsersAddInternalBody,
  UsersList,
  UsersSignoffBody,
} from '@generated';
import type { ApiError } from './api-error';
import { api } from './api-slice';
import { onSuccess } from './tags';

/** A user staff may add to an internal or workshop project directly. */
export interface InternalAddCandidate {
  username: string;
  first_name: string;
  last_name: string;
  person_mail?: string;
}

export const membershipsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/internal/invites/: invites local and foreign collaborators by e-mail. */
    sendInvites: build.mutation<MessageAnswer, InvitesNewBody>({
      query: (body) => ({ url: 'api/v1/internal/invites/', method: 'POST', body }),
      invalidatesTags: onSuccess('Invites', 'Projects'),
    }),
    /** GET /api/v1/internal/invites-sent/: invitations the caller sent (accepted ones included). */
    sentInvites: build.query<Invite[], void>({
      query: () => 'api/v1/internal/invites-sent/',
      providesTags: ['Invites'],
    }),
    /** POST /api/v1/internal/invites-sent/: cancels one pending invitation. */
    cancelInvite: build.mutation<unknown, Omit<InviteCancelBody, 'type'>>({
      query: (body) => ({ url: 'api/v1/internal/invites-sent/', method: 'POST', body: { type: 'inviterem', ...body } }),
      invalidatesTags: onSuccess('Invites'),
    }),
    /** GET /api/v1/internal/invites/:key/details: what an invitation is for, before it is accepted. */
    inviteDetails: build.query<InviteDetails, string>({
      query: (key) => `api/v1/internal/invites/${encodeURIComponent(key)}/details`,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/v1/internal/invites/:key: the invitee's click accepts the invitation. */
    acceptInvite: build.mutation<MessageAnswer, string>({
      query: (key) => ({ url: `api/v1/internal/invites/${encodeURIComponent(key)}`, method: 'POST' }),
      invalidatesTags: onSuccess('Projects', 'Session'),
    }),
    /** POST /api/v1/internal/users-projects/:projectId: the lead signs collaborators off. */
    signOff: build.mutation<MessageAnswer, { projectId: number; userIds: UsersSignoffBody }>({
      query: ({ projectId, userIds }) => ({ url: `api/v1/internal/users-projects/${projectId}`, method: 'POST', body: userIds }),
      invalidatesTags: onSuccess('Projects'),
    }),
    /** POST /api/v1/internal/users-intprojects/:projectId: staff add existing users by username. */
    addInternal: build.mutation<MessageAnswer, { projectId: number; users: UsersAddInternalBody }>({
      query: ({ projectId, users }) => ({ url: `api/v1/internal/users-intprojects/${projectId}`, method: 'POST', body: users }),
      invalidatesTags: onSuccess('Projects'),
    }),
    /** Active and inactive users (staff lists), the choices of the add-by-username field. */
    internalAddCandidates: build.query<InternalAddCandidate[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const lists = await Promise.all(['api/v1/internal/active-users/', 'api/v1/internal/inactive-users/'].map((url) => baseQuery(url)));
        const failed = lists.find((answer) => answer.error);
        if (failed?.error) return { error: failed.error as ApiError };
        const byUsername = new Map<string, InternalAddCandidate>();
        for (const answer of lists)
          for (const user of answer.data as UsersList)
            byUsername.set(user.username, {
              username: user.username,
              first_name: user.first_name,
              last_name: user.last_name,
              person_mail: user.person_mail,
            });
        return { data: [...byUsername.values()] };
      },
    }),
  }),
});

export const {
  useSendInvitesMutation,
  useSentInvitesQuery,
  useCancelInviteMutation,
  useInviteDetailsQuery,
  useAcceptInviteMutation,
  useSignOffMutation,
  useAddInternalMutation,
  useInternalAddCandidatesQuery,
} = membershipsApi;
