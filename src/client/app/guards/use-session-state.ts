import type { Session } from '@generated';
import { useSessionQuery } from '@/client/api/session';

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'anonymous'; session: Session }
  | { kind: 'active'; session: Session & { userdetails: NonNullable<Session['userdetails']> } };

/** The session as the guards see it: still loading, failed, anonymous or logged in. */
export function useSessionState(): SessionState {
  const { data, isLoading, isError } = useSessionQuery();
  if (isLoading) return { kind: 'loading' };
  if (!data) return isError ? { kind: 'failed' } : { kind: 'loading' };
  if (data.active && data.userdetails) return { kind: 'active', session: { ...data, userdetails: data.userdetails } };
  return { kind: 'anonymous', session: data };
}
