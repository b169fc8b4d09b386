import { Outlet } from 'react-router';
import { NotFoundPage } from '../pages/not-found-page';
import { useSessionState } from './use-session-state';

/** Accounting pages exist only when the server's session config enables accounting. */
export function RequireAccounting() {
  const state = useSessionState();
  if (state.kind !== 'active' || !state.session.config.enable_accounting) return <NotFoundPage />;
  return <Outlet />;
}
