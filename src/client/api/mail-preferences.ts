import type { MailMuteBodyAnswer, MailPreferencesAnswer, MailPreferencesBody } from '@generated';
import { api } from './api-slice';
import { onSuccess } from './tags';

export const mailPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/mail-preferences/: the caller's mail language, routine delivery and muted projects. */
    mailPreferences: build.query<MailPreferencesAnswer, void>({
      query: () => 'api/v1/internal/mail-preferences/',
      providesTags: ['MailPreferences'],
    }),
    /** PUT /api/v1/internal/mail-preferences/: keeps the caller's choice. */
    saveMailPreferences: build.mutation<MailPreferencesAnswer, MailPreferencesBody>({
      query: (body) => ({ url: 'api/v1/internal/mail-preferences/', method: 'PUT', body }),
      invalidatesTags: onSuccess('MailPreferences'),
    }),
    /** PUT /api/v1/internal/projects/:identifier/mail-mute: a lead mutes or hears again the project's routine notices. */
    muteProjectMail: build.mutation<MailMuteBodyAnswer, { identifier: string; muted: boolean }>({
      query: ({ identifier, muted }) => ({ url: `api/v1/internal/projects/${encodeURIComponent(identifier)}/mail-mute`, method: 'PUT', body: { muted } }),
      invalidatesTags: onSuccess('MailPreferences'),
    }),
  }),
});

export const { useMailPreferencesQuery, useSaveMailPreferencesMutation, useMuteProjectMailMutation } = mailPreferencesApi;
