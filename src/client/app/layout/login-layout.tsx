import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { currentLocale } from '@/client/i18n/i18n';
import { schemas } from '@/client/shared/schema-set';
import { AppFooter } from './app-footer';
import { CentreLogo } from './centre-logo';
import { LanguageToggle } from './language-toggle';
import { LoadingPage } from '../pages/loading-page';

/** Login-type pages: own header and footer over a background image in the current language. */
export function LoginLayout() {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n.language);
  return (
    <div className={`login-page login-bg-${locale}`}>
      <header className="login-header">
        <div className="brand">
          <CentreLogo className="brand-logo" />
          <span className="brand-text">
            <span className="brand-service">{schemas.service.serviceName[locale]}</span>
            <span className="brand-centre">{schemas.service.centreName[locale]}</span>
          </span>
        </div>
        <LanguageToggle />
      </header>
      <main className="login-main">
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter variant="login" />
    </div>
  );
}
