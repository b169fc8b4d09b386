import type { InstituteCheck, RegistryInfo } from '@generated';
import { schemas } from '@/client/shared/schema-set';
import { api } from './api-slice';

/** The spec's 15 minutes (constants.registryCacheMs), in the seconds RTK Query counts in. */
const REGISTRY_CACHE_S = schemas.constants.registryCacheMs / 1000;

export const registryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/croris-info/: the caller's registry status, person data and projects. */
    registryInfo: build.query<RegistryInfo, void>({
      query: () => 'api/v1/internal/croris-info/',
      keepUnusedDataFor: REGISTRY_CACHE_S,
    }),
    /** GET /api/v1/internal/can-submit-institute-project: ALLOW or DENY with the reason. */
    instituteCheck: build.query<InstituteCheck, void>({
      query: () => 'api/v1/internal/can-submit-institute-project',
      keepUnusedDataFor: REGISTRY_CACHE_S,
    }),
  }),
});

export const { useRegistryInfoQuery, useInstituteCheckQuery } = registryApi;
