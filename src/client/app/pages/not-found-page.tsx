import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/schema-runtime/pages';

/** Any path that is no page, and any page the visitor may not see. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="status-page" data-page="not-found">
      <h1 className="ui icon header">
        <i className="compass outline icon" aria-hidden="true" />
        <div className="content">
          {t('errors.notFoundHeading')}
          <div className="sub header">{t('errors.notFoundText')}</div>
        </div>
      </h1>
      <Link to={paths.login.href} className="ui basic button">
        {t('errors.home')}
      </Link>
    </section>
  );
}

export default NotFoundPage;
