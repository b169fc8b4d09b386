import { useTranslation } from 'react-i18next';
import { useSessionQuery } from '../../api/session';
import { FederatedLogin } from './federated-login';
import { LandingRedirect } from './landing-redirect';
import { LoginForm } from './login-form';

/** /ui/login: password login plus federated sign-in; a logged-in visitor is sent on to their landing page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { data: session } = useSessionQuery();
  if (session?.active) return <LandingRedirect session={session} />;
  return (
    <section className="ui raised padded segment login-card" data-page="login">
      <h1 className="ui header">
        {t('login.heading')}
        <div className="sub header">{t('login.intro')}</div>
      </h1>
      <LoginForm />
      <div className="ui horizontal divider">{t('login.or')}</div>
      <FederatedLogin edugain={session?.config.enable_edugain ?? false} />
    </section>
  );
}
