import { useTranslation } from 'react-i18next';
import { useSessionQuery } from '@/client/api/session';
import { FederatedLogin } from './federated-login';
import { LandingRedirect } from './landing-redirect';

/** /ui/login-priv: only the federated sign-in, with the notice that logging in accepts the usage rules. */
export default function LoginPrivPage() {
  const { t } = useTranslation();
  const { data: session } = useSessionQuery();
  if (session?.active) return <LandingRedirect session={session} />;
  return (
    <section className="ui raised padded segment login-card" data-page="login-priv">
      <h1 className="ui header">{t('login.heading')}</h1>
      <FederatedLogin edugain={session?.config.enable_edugain ?? false} />
      <div className="ui info icon message">
        <i className="info circle icon" aria-hidden="true" />
        <div className="content">{t('login.rulesNotice')}</div>
      </div>
    </section>
  );
}
