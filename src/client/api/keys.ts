import type { SshKey, SshKeyDeleteBody, SshKeyNewBody } from '@generated';
import { api } from './api-slice';
import { onSuccess } from './tags';

export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/keys/: the caller's public SSH keys. */
    sshKeys: build.query<SshKey[], void>({
      query: () => 'api/v1/internal/keys/',
      providesTags: ['SshKeys'],
    }),
    /** POST /api/v1/internal/keys/: adds a key; 400/403/409 carry the reason in `status.message`. */
    addSshKey: build.mutation<SshKey, SshKeyNewBody>({
      query: (body) => ({ url: 'api/v1/internal/keys/', method: 'POST', body }),
      invalidatesTags: onSuccess('SshKeys'),
    }),
    /** DELETE /api/v1/internal/keys/ with the key's name. */
    deleteSshKey: build.mutation<unknown, SshKeyDeleteBody>({
      query: (body) => ({ url: 'api/v1/internal/keys/', method: 'DELETE', body }),
      invalidatesTags: onSuccess('SshKeys'),
    }),
  }),
});

export const { useSshKeysQuery, useAddSshKeyMutation, useDeleteSshKeyMutation } = keysApi;
