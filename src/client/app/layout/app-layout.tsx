import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { isAdmin } from '@/client/api/session';
import { useSessionState } from '../guards/use-session-state';
import { LoadingPage } from '../pages/loading-page';
import { useRouteHandle } from '../route-handle-context';
import { useRegistryStatusToast } from './use-registry-status-toast';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MainNav } from './main-nav';
import { adminNavItems, userNavItems } from './nav-items';
import './narrow-screens.css';

/** Header, the admin or user nav bar, the white content area and the footer of logged-in pages. */
export default function AppLayout() {
  const state = useSessionState();
  const handle = useRouteHandle();
  useRegistryStatusToast();
  if (state.kind !== 'active') return null;
  const { session } = state;
  const adminMode = isAdmin(session.userdetails) && handle?.access === 'staff';
  return (
    <div className="app-page">
      <div className="app-container">
        <AppHeader user={session.userdetails} adminMode={adminMode} />
        <MainNav items={adminMode ? adminNavItems(session) : userNavItems(session)} variant={adminMode ? 'admin' : 'user'} />
        <main className="app-content">
          {/* Pages load inside the frame, so the header and nav stay put while a page's chunk arrives. */}
          <Suspense fallback={<LoadingPage />}>
            <Outlet />
          </Suspense>
        </main>
        <AppFooter />
      </div>
    </div>
  );
}
