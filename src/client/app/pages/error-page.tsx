import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../shared/paths';

/**
 * The generic error page (/ui/error), also shown when a page fails to render or load.
 * `?reason=federation` says that federated sign-in is not enabled on this server.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const federation = params.get('reason') === 'federation';
  return (
    <section className="status-page" data-page="error">
      <h1 className="ui icon header">
        <i className="red warning sign icon" aria-hidden="true" />
        <div className="content">
          {t('errors.genericHeading')}
          <div className="sub header">{federation ? t('errors.federationUnavailable') : t('errors.genericText')}</div>
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
