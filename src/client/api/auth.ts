import type { LoginBody, LogoutAnswer, MessageAnswer } from '@generated';
import { api } from './api-slice';
import { onSuccess } from './tags';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /auth/login/; the session is re-read afterwards (new user, new CSRF token). */
    login: build.mutation<MessageAnswer, LoginBody>({
      query: (body) => ({ url: 'auth/login/', method: 'POST', body }),
      // Only a successful login changes the session; a failed one must not refetch it.
      invalidatesTags: onSuccess('Session'),
    }),
    /** POST /auth/logout/; the answer names where the browser goes next (login page or SAML logout). */
    logout: build.mutation<LogoutAnswer, void>({
      query: () => ({ url: 'auth/logout/', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
