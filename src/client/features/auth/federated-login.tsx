import { useTranslation } from 'react-i18next';

/** Sign-in through the national identity federation and, when the server enables it, eduGAIN. */
export function FederatedLogin({ edugain }: { edugain: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="federated-login">
      {/* Full page loads: the SAML flow is served by the server, not by the client router. */}
      <a href="/saml2/login" className="ui fluid large blue button">
        <i className="university icon" aria-hidden="true" />
        {t('login.federated')}
      </a>
      {edugain ? (
        <a href="/saml2/edugain/login" className="ui fluid large basic blue button">
          <i className="globe icon" aria-hidden="true" />
          {t('login.edugain')}
        </a>
      ) : null}
    </div>
  );
}
