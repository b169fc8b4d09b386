import { useUserDetailQuery } from '@/client/api/staff';
import type { PersonLookupResult } from '@/client/engine/people/person-lookup';

/**
 * The staff grids' person lookup (engine/people/person-lookup.ts): the popover's fields from the
 * staff user call, cached by RTK Query like any other read of that user.
 */
export function useStaffPersonLookup(username: string): PersonLookupResult {
  const { data, isLoading, isError } = useUserDetailQuery(username);
  return { person: data, loading: isLoading, failed: isError };
}
