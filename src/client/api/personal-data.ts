import type { PersonalData, RetentionDue } from '@generated';
import { api } from './api-slice';

/** Where the caller's own data is answered, as one JSON document (also the download link's address). */
export const MY_DATA_URL = '/api/v1/internal/my-data/';

/** The address of one user's data, for staff. */
export const userDataUrl = (username: string): string => `/api/v1/internal/users/${encodeURIComponent(username)}/data`;

/** What the portal holds about a person, and the retention rules' counts (staff). */
export const personalDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/my-data/: everything the portal holds about the caller. */
    myData: build.query<PersonalData, void>({
      query: () => MY_DATA_URL.slice(1),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/v1/internal/retention/: per retention rule, the rows the job would remove now. */
    retentionDue: build.query<RetentionDue, void>({
      query: () => 'api/v1/internal/retention/',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useMyDataQuery, useRetentionDueQuery } = personalDataApi;
