import { useTranslation } from 'react-i18next';
import { AuthIcon } from './auth-icon';

/** Sign-in through the national identity federation and, when the server enables it, eduGAIN. */
export function FederatedLogin({ edugain }: { edugain: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="federated-login">
      {/* Full page loads: the SAML flow is served by the server, not by the client router. */}
      <a href="/saml2/login" className="ui fluid large blue button">
        <AuthIcon name="university" />
        {t('login.federated')}
      </a>
      {edugain ? (
        <a href="/saml2/edugain/login" className="ui fluid large basic blue button">
          <AuthIcon name="globe" />
          {t('login.edugain')}
        </a>
      ) : null}
    </div>
  );
}
