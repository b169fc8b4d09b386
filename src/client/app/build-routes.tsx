import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/schema-runtime/pages';
import { guards } from './guards/guards';
import { NumericParams } from './guards/numeric-params';
import { loadPage } from './load-page';
import { LoginLayout } from './layout/login-layout';
import { SessionAwareLayout } from './layout/session-aware-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RootShell } from './root-shell';
import type { AccessGroup, PageRoute, RouteHandle } from './route-types';
import { pageRoutes } from './routes';

// The logged-in frame (header, popover, logout dialog) is its own chunk: the login page never needs it.
const AppLayout = lazy(() => import(/* webpackChunkName: "app-frame" */ './layout/app-layout'));

/**
 * One lazy component per page path, whichever route table asked for it: the tree rebuilt for a new
 * schema set renders the same components, so React keeps the open page (and its form) mounted.
 */
const pageComponents = new Map<string, ComponentType>();

function pageComponent(page: PageRoute): ComponentType {
  let component = pageComponents.get(page.path);
  if (!component) {
    component = lazy(() => loadPage(page));
    pageComponents.set(page.path, component);
  }
  return component;
}

function toRouteObject(page: PageRoute): RouteObject {
  const handle: RouteHandle = { access: page.access, title: page.title, locale: page.locale };
  const Page = pageComponent(page);
  const element = page.numericParams ? (
    <NumericParams names={page.numericParams}>
      <Page />
    </NumericParams>
  ) : (
    <Page />
  );
  return { path: page.path, handle, element };
}

function pagesOf(access: AccessGroup): RouteObject[] {
  return pageRoutes().filter((page) => page.access === access && !page.frame).map(toRouteObject);
}

/** The public pages shown in whichever frame the visitor's session calls for. */
function eitherFramePages(): RouteObject[] {
  return pageRoutes().filter((page) => page.frame === 'either').map(toRouteObject);
}

const notFoundHandle: RouteHandle = { access: 'public', title: { key: 'notFound' } };

/**
 * Builds the route tree from the route table: pages are grouped by access group, and each group
 * sits below that group's guard. Staff and accounting pages sit inside the logged-in group, so a
 * visitor without a session is sent to the login page before anything else is checked.
 */
export function buildRoutes(): RouteObject[] {
  const { public: PublicGuard, session: SessionGuard, user: UserGuard, staff: StaffGuard, accounting: AccountingGuard } = guards;
  return [
    {
      path: '/ui',
      element: <RootShell />,
      children: [
        { index: true, element: <Navigate to={paths.login.href} replace /> },
        { element: <PublicGuard />, children: [{ element: <LoginLayout />, children: pagesOf('public') }] },
        { element: <SessionGuard />, children: pagesOf('session') },
        {
          element: <UserGuard />,
          children: [
            {
              element: <AppLayout />,
              children: [
                ...pagesOf('user'),
                { element: <StaffGuard />, children: pagesOf('staff') },
                { element: <AccountingGuard />, children: pagesOf('accounting') },
              ],
            },
          ],
        },
        {
          element: <SessionAwareLayout />,
          children: [...eitherFramePages(), { path: '*', element: <NotFoundPage />, handle: notFoundHandle }],
        },
      ],
    },
    // Only /ui/* reaches the client; anything else is sent to the login page.
    { path: '*', element: <Navigate to={paths.login.href} replace /> },
  ];
}
