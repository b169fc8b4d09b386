import { useTranslation } from 'react-i18next';
import logoUrl from '@/client/assets/centre-logo.svg';

/** The computing centre's logo; height comes from the surrounding CSS (the footer caps it at 112px). */
export function CentreLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <img src={logoUrl} alt={t('header.logoAlt')} className={className} />;
}
