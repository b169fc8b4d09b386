import type { Session, User } from '@generated';
import { api } from './api-slice';
import { SESSION_CHECK } from './first-calls';
import { csrfTokenReceived } from './csrf-slice';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { leadRoleName } from '@/schema-runtime/rule-annotations';
import { schemas } from '@/client/shared/schema-set';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/sessionactive: checked on load and after login; also carries the CSRF token. */
    session: build.query<Session, void>({
      query: () => SESSION_CHECK,
      providesTags: ['Session'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(csrfTokenReceived(data.csrftoken ?? null));
        } catch {
          // A failed check leaves the previous token; the guards show the error.
        }
      },
    }),
  }),
});

export const { useSessionQuery } = sessionApi;

/** The logged-in user, or undefined for an anonymous session. */
export function activeUser(session: Session | undefined): User | undefined {
  return session?.active ? session.userdetails : undefined;
}

/** Staff and superusers are the portal's admins. */
export function isAdmin(user: User | undefined): boolean {
  return !!user && (user.is_staff || user.is_superuser);
}

/** Lead of at least one project. */
export function isLead(user: User | undefined): boolean {
  const lead = leadRoleName(schemas.vocabulary<{ leads?: boolean }>(SCHEMA_IDS.roles));
  return !!user?.userproject_set?.some((membership) => membership.role.name === lead);
}
