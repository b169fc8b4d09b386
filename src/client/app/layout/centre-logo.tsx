import { useTranslation } from 'react-i18next';
import logoUrl from '@/client/assets/centre-logo.svg';
import { currentLocale } from '@/client/i18n/i18n';
import { schemas } from '@/client/shared/schema-set';

/** The computing centre's logo; height comes from the surrounding CSS (the footer caps it at 112px). */
export function CentreLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <img src={logoUrl} alt={t('header.logoAlt')} className={className} />;
}

/** The logo with the service's and the centre's names: the brand at the head of either frame. */
export function BrandMark() {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n.language);
  return (
    <>
      <CentreLogo className="brand-logo" />
      <span className="brand-text">
        <span className="brand-service">{schemas.service.serviceName[locale]}</span>
        <span className="brand-centre">{schemas.service.centreName[locale]}</span>
      </span>
    </>
  );
}
