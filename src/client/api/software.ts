import type { MessageAnswer, ScienceSoftware, SoftwareList, SoftwareNewBody } from '@generated';
import { schemas } from '@/client/shared/schema-set';
import { api } from './api-slice';
import { onSuccess } from './tags';

export const softwareApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/science-software/: the applications installed on the cluster (cached 15 min). */
    scienceSoftware: build.query<ScienceSoftware[], void>({
      query: () => 'api/v1/internal/science-software/',
      keepUnusedDataFor: schemas.constants.registryCacheMs / 1000,
      providesTags: ['Software'],
    }),
    /** POST /api/v1/internal/science-software/ (staff): adds a modulefile credited to a staff member. */
    addSoftware: build.mutation<SoftwareList[number], SoftwareNewBody>({
      query: (body) => ({ url: 'api/v1/internal/science-software/', method: 'POST', body }),
      invalidatesTags: onSuccess('Software'),
    }),
    /** DELETE /api/v1/internal/science-software/:pk (staff); the path's pk names the entry, no body needed. */
    deleteSoftware: build.mutation<MessageAnswer, SoftwareList[number]>({
      query: (entry) => ({ url: `api/v1/internal/science-software/${entry.pk}`, method: 'DELETE' }),
      invalidatesTags: onSuccess('Software'),
    }),
  }),
});

export const { useScienceSoftwareQuery, useAddSoftwareMutation, useDeleteSoftwareMutation } = softwareApi;
