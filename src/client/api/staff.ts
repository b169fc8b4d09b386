import type { OpsUsers, RegistryInfo, SshKey, UserDetail, UsersList } from '@generated';
import { schemas } from '@/client/shared/schema-set';
import { api } from './api-slice';

/** The spec's 15 minutes for registry data, in the seconds RTK Query counts in. */
const REGISTRY_CACHE_S = schemas.constants.registryCacheMs / 1000;

/** Staff-only reads: user lists, one user, a user's keys and registry data, the staff accounts. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/active-users/: users with a membership on an active project. */
    activeUsers: build.query<UsersList, void>({
      query: () => 'api/v1/internal/active-users/',
      providesTags: ['Users'],
    }),
    /** GET /api/v1/internal/inactive-users/: users whose status is inactive. */
    inactiveUsers: build.query<UsersList, void>({
      query: () => 'api/v1/internal/inactive-users/',
      providesTags: ['Users'],
    }),
    /** GET /api/v1/internal/ops-users/: staff and superuser accounts (who may be credited with software). */
    opsUsers: build.query<OpsUsers, void>({
      query: () => 'api/v1/internal/ops-users/',
    }),
    /** GET /api/v1/internal/users/:username: one user with their memberships. */
    userDetail: build.query<UserDetail, string>({
      query: (username) => `api/v1/internal/users/${encodeURIComponent(username)}`,
      providesTags: ['Users'],
    }),
    /** GET /api/v1/internal/keys/:person_username: a user's public SSH keys. */
    staffUserKeys: build.query<SshKey[], string>({
      query: (personUsername) => `api/v1/internal/keys/${encodeURIComponent(personUsername)}`,
      providesTags: ['SshKeys'],
    }),
    /** GET /api/v1/internal/croris-info/:oib: a user's research-registry data (cached 15 min). */
    staffRegistryInfo: build.query<RegistryInfo, string>({
      query: (oib) => `api/v1/internal/croris-info/${encodeURIComponent(oib)}`,
      keepUnusedDataFor: REGISTRY_CACHE_S,
    }),
  }),
});

export const {
  useActiveUsersQuery,
  useInactiveUsersQuery,
  useOpsUsersQuery,
  useUserDetailQuery,
  useStaffUserKeysQuery,
  useStaffRegistryInfoQuery,
} = staffApi;
