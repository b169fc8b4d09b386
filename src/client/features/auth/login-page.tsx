import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'semantic-ui-react';
import { useSessionQuery } from '@/client/api/session';
import { readInvitation } from '@/client/shared/invitation-storage';
import { FederatedLogin } from './federated-login';
import { LandingRedirect } from './landing-redirect';
import { LoginForm } from './login-form';

/**
 * /ui/login: password login plus federated sign-in; a logged-in visitor is sent on to their landing
 * page. A visitor who came through an invitation link is told that signing in accepts it, so the
 * plain login page does not look like the link was lost.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { data: session } = useSessionQuery();
  const [invited] = useState(() => readInvitation() !== null);
  if (session?.active) return <LandingRedirect session={session} />;
  return (
    <section className="ui raised padded segment login-card" data-page="login">
      <h1 className="ui header">
        {t('login.heading')}
        <div className="sub header">{t('login.intro')}</div>
      </h1>
      {invited && <Message info icon="mail" data-testid="login-invitation" header={t('login.invitationHeader')} content={t('login.invitationText')} />}
      <LoginForm />
      <div className="ui horizontal divider">{t('login.or')}</div>
      <FederatedLogin edugain={session?.config.enable_edugain ?? false} />
    </section>
  );
}
