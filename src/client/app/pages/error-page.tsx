import { useTranslation } from 'react-i18next';
import { paths } from '../../shared/paths';

/** The generic error page (/ui/error), also shown when a page fails to render or load. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="status-page" data-page="error">
      <h1 className="ui icon header">
        <i className="red warning sign icon" aria-hidden="true" />
        <div className="content">
          {t('errors.genericHeading')}
          <div className="sub header">{t('errors.genericText')}</div>
        </div>
      </h1>
      {/* A full page load: after an error the client's state may be what is broken. */}
      <a href={paths.login} className="ui basic button">
        {t('errors.home')}
      </a>
    </section>
  );
}

export default ErrorPage;
