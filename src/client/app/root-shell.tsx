import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PersonLookupContext } from '@/client/engine/people/person-lookup';
import { ProjectReadinessContext } from '@/client/engine/readiness/readiness-source';
import { currentLocale, setLocale } from '@/client/i18n/i18n';
import { MayOpenContext } from '@/client/shared/may-open';
import { rememberPath } from '@/client/shared/referrer';
import { schemas } from '@/client/shared/schema-set';
import { PageErrorBoundary } from './page-error-boundary';
import { useStaffPersonLookup } from './person-lookup';
import { LoadingPage } from './pages/loading-page';
import { useProjectReadinessSource } from './project-readiness';
import { mayOpenPath } from './route-access';
import { useRouteHandle } from './route-handle-context';
import { documentTitle, useRouteTitle } from './use-route-title';

/**
 * Top of every /ui page: keeps the document title (`<service> | <page>`) in the current language,
 * applies a page's forced language, remembers visited pages for the post-login landing, starts each
 * new page at the top, and gives the engine and features what they take from the app: the person
 * popovers their lookup, the readiness sections their source, the post-login landing the route
 * table's path check.
 */
export function RootShell() {
  const { i18n } = useTranslation();
  const handle = useRouteHandle();
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const locale = currentLocale(i18n.language);

  useEffect(() => {
    document.title = documentTitle(locale, title);
  }, [title, locale]);

  const forcedLocale = handle?.locale;
  useEffect(() => {
    if (forcedLocale) setLocale(forcedLocale);
  }, [forcedLocale]);

  // Only pages behind a login are worth returning to; login, error and not-found pages are not.
  const rememberable = handle?.access === 'user' || handle?.access === 'staff' || handle?.access === 'accounting';
  useEffect(() => {
    if (rememberable) rememberPath(pathname, schemas.constants.referrerHistorySize);
  }, [pathname, rememberable]);

  // A new page starts at its top (a long form's submit left my-requests scrolled down); going back
  // (POP) leaves the browser's own scroll restoration alone.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <MayOpenContext.Provider value={mayOpenPath}>
      <PersonLookupContext.Provider value={useStaffPersonLookup}>
        <ProjectReadinessContext.Provider value={useProjectReadinessSource}>
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingPage />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </ProjectReadinessContext.Provider>
      </PersonLookupContext.Provider>
    </MayOpenContext.Provider>
  );
}
