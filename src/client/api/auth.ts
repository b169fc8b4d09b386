import type { LogoutAnswer } from '@generated';
import { api } from './api-slice';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /auth/logout/; the answer names where the browser goes next (login page or SAML logout). */
    logout: build.mutation<LogoutAnswer, void>({
      query: () => ({ url: 'auth/logout/', method: 'POST' }),
    }),
  }),
});

export const { useLogoutMutation } = authApi;
