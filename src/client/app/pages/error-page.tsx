import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/schema-runtime/pages';
import { schemas } from '@/client/shared/schema-set';

/**
 * The generic error page (/ui/error), also shown when a page fails to render or load.
 * `?reason=federation` says that federated sign-in is not enabled on this server, `?reason=saml`
 * that signing in through the federation failed (the server logs why: a refused answer, or metadata
 * that could not be had or trusted), `?reason=busy` that too many federation messages waited to be read,
 * offering the password login and the contact address.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  // Federated sign-in did not work: the way on is the password login (the page the button opens).
  const federated = reason === 'federation' || reason === 'saml' || reason === 'busy';
  const text =
    reason === 'federation'
      ? t('errors.federationUnavailable')
      : reason === 'saml'
        ? t('errors.samlFailed', { email: schemas.service.contactEmail })
        : reason === 'busy'
          ? t('errors.samlBusy')
          : t('errors.genericText');
  return (
    <section className="status-page" data-page="error">
      <h1 className="ui icon header">
        <i className="red warning sign icon" aria-hidden="true" />
        <div className="content">
          {t('errors.genericHeading')}
          <div className="sub header">{text}</div>
        </div>
      </h1>
      {/* A full page load: after an error the client's state may be what is broken. */}
      <a href={paths.login.href} className="ui basic button">
        {federated ? t('errors.passwordLogin') : t('errors.home')}
      </a>
    </section>
  );
}

export default ErrorPage;
