import { useSessionState } from '../guards/use-session-state';
import { LoadingPage } from '../pages/loading-page';
import { lazy } from 'react';

import { LoginLayout } from './login-layout';

const AppLayout = lazy(() => import(/* webpackChunkName: "app-frame" */ './app-layout'));

/** For pages anyone may see (not found): inside the app frame when logged in, the login frame otherwise. */
export function SessionAwareLayout() {
  const state = useSessionState();
  if (state.kind === 'loading') return <LoadingPage />;
  return state.kind === 'active' ? <AppLayout /> : <LoginLayout />;
}
