import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/client/i18n/i18n';
import { schemas } from '@/client/shared/schema-set';
import { CentreLogo } from './centre-logo';

/** Copyright line and the centre logo (at most 112px high). */
export function AppFooter({ variant = 'app' }: { variant?: 'app' | 'login' }) {
  const { t, i18n } = useTranslation();
  const centre = schemas.service.centreName[currentLocale(i18n.language)];
  return (
    <footer className={`app-footer app-footer-${variant}`}>
      <CentreLogo className="footer-logo" />
      <span>{t('footer.copyright', { year: new Date().getFullYear(), centre })}</span>
    </footer>
  );
}
