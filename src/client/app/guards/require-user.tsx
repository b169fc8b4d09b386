import { Navigate, Outlet } from 'react-router';
import { paths } from '@/schema-runtime/pages';
import { ErrorPage } from '../pages/error-page';
import { LoadingPage } from '../pages/loading-page';
import { useSessionState } from './use-session-state';

/** Logged-in users only: without a session every such page redirects to the login page. */
export function RequireUser() {
  const state = useSessionState();
  if (state.kind === 'loading') return <LoadingPage />;
  if (state.kind === 'failed') return <ErrorPage />;
  if (state.kind === 'anonymous') return <Navigate to={paths.login.href} replace />;
  return <Outlet />;
}
