import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PersonLookupContext } from '../engine/people/person-lookup';
import { currentLocale, setLocale } from '../i18n/i18n';
import { rememberPath } from '../shared/referrer';
import { schemas } from '../shared/schema-set';
import { PageErrorBoundary } from './page-error-boundary';
import { useStaffPersonLookup } from './person-lookup';
import { LoadingPage } from './pages/loading-page';
import { useRouteHandle } from './route-handle-context';
import { useRouteTitle } from './use-route-title';

/**
 * Top of every /ui page: keeps the document title (`<service> | <page>`) in the current language,
 * applies a page's forced language, remembers visited pages for the post-login landing, and gives
 * the person popovers their lookup.
 */
export function RootShell() {
  const { i18n } = useTranslation();
  const handle = useRouteHandle();
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const locale = currentLocale(i18n.language);

  useEffect(() => {
    const service = schemas.service.serviceName[locale];
    document.title = title ? `${service} | ${title}` : service;
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

  return (
    <PersonLookupContext.Provider value={useStaffPersonLookup}>
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </PersonLookupContext.Provider>
  );
}
