import type { ProjectExtension } from '@generated';
import { api } from './api-slice';
import { onSuccessOf } from './tags';

/** What a lead sends to ask for a longer project: `approved` is always false on submission. */
export interface ExtensionRequestBody {
  reason: string;
  approved: false;
  /** New end date, yyyy-MM-dd. */
  date_end: string;
}

export const extensionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/project-extend/:id: the extensions of one project (by its database id). */
    projectExtensions: build.query<ProjectExtension[], number>({
      query: (projectId) => `api/v1/internal/project-extend/${projectId}`,
      providesTags: (_result, _error, projectId) => [{ type: 'Extensions', id: projectId }],
    }),
    /** POST /api/v1/internal/project-extend/:id: the lead asks for a new end date. */
    requestExtension: build.mutation<unknown, { projectId: number; body: ExtensionRequestBody }>({
      query: ({ projectId, body }) => ({ url: `api/v1/internal/project-extend/${projectId}`, method: 'POST', body }),
      // The project's numeric id names its extensions; its other queries go by identifier, so all refresh.
      invalidatesTags: onSuccessOf(({ projectId }) => [{ type: 'Extensions', id: projectId }, 'Projects']),
    }),
  }),
});

export const { useProjectExtensionsQuery, useRequestExtensionMutation } = extensionsApi;
