import { useTranslation } from 'react-i18next';

/** Shown while the session or a page's code is loading. */
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <div className="loading-page" role="status">
      <div className="ui active centered inline text loader">{t('common.loading')}</div>
    </div>
  );
}
