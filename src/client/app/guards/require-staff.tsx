import { Outlet } from 'react-router';
import { isAdmin } from '@/client/api/session';
import { NotFoundPage } from '../pages/not-found-page';
import { useSessionState } from './use-session-state';

/** Staff and superusers only. Anyone else gets the not-found page, so no admin screen is ever rendered. */
export function RequireStaff() {
  const state = useSessionState();
  if (state.kind !== 'active' || !isAdmin(state.session.userdetails)) return <NotFoundPage />;
  return <Outlet />;
}
