import type { SchemaHistoryAnswer, SchemaReloadAnswer } from '@generated';
import { api } from './api-slice';

export const schemasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/schemas/history (staff): the sets that went live, newest first, with their changes. */
    schemaHistory: build.query<SchemaHistoryAnswer, void>({
      query: () => 'api/v1/internal/schemas/history',
      providesTags: ['SchemaHistory'],
    }),
    /**
     * POST /api/v1/internal/schemas/reload (staff): the server reads its schema folder again. Its
     * answer names the set in use (X-Schema-Set), so a set that went live reaches this page too.
     */
    reloadSchemas: build.mutation<SchemaReloadAnswer, void>({
      query: () => ({ url: 'api/v1/internal/schemas/reload', method: 'POST' }),
      invalidatesTags: (result) => (result?.status === 'live' ? ['SchemaHistory'] : []),
    }),
  }),
});

export const { useSchemaHistoryQuery, useReloadSchemasMutation } = schemasApi;
