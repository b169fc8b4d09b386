import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/client/i18n/i18n';
import { AppFooter } from './app-footer';
import { BrandMark } from './centre-logo';
import { LanguageToggle } from './language-toggle';

/**
 * Login-type pages: own header and footer over a background image in the current language. Without
 * the router, so that the login document (`src/client/login.tsx`) can use it too.
 */
export function LoginFrame({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n.language);
  return (
    <div className={`login-page login-bg-${locale}`}>
      <header className="login-header">
        <div className="brand">
          <BrandMark />
        </div>
        <LanguageToggle />
      </header>
      <main className="login-main">{children}</main>
      <AppFooter variant="login" />
    </div>
  );
}
