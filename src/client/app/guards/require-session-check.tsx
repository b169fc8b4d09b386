import { Outlet } from 'react-router';
import { ErrorPage } from '../pages/error-page';
import { LoadingPage } from '../pages/loading-page';
import { useSessionState } from './use-session-state';

/** Pages that decide for themselves what to do with or without a session; they render once it is known. */
export function RequireSessionCheck() {
  const state = useSessionState();
  if (state.kind === 'loading') return <LoadingPage />;
  if (state.kind === 'failed') return <ErrorPage />;
  return <Outlet />;
}
