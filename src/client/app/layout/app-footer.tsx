import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/client/i18n/i18n';
import { paths } from '@/schema-runtime/pages';
import { schemas } from '@/client/shared/schema-set';
import { CentreLogo } from './centre-logo';

/**
 * Copyright line, the centre logo (at most 112px high) and the links to the accessibility statement
 * and the privacy notice, which the law asks to be reachable from every page. Plain links: the login
 * document has no router.
 */
export function AppFooter({ variant = 'app' }: { variant?: 'app' | 'login' }) {
  const { t, i18n } = useTranslation();
  const centre = schemas.service.centreName[currentLocale(i18n.language)];
  return (
    <footer className={`app-footer app-footer-${variant}`}>
      <CentreLogo className="footer-logo" />
      <span>{t('footer.copyright', { year: new Date().getFullYear(), centre })}</span>
      <nav className="footer-links" aria-label={t('footer.legalLinks')}>
        <a href={paths.accessibility.href}>{t('footer.accessibility')}</a>
        <a href={paths.privacy.href}>{t('footer.privacy')}</a>
      </nav>
    </footer>
  );
}
