import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionQuery } from '@/client/api/session';
import { readInvitation } from '@/client/shared/invitation-storage';
import { FederatedLogin } from './federated-login';
import { LandingRedirect } from './landing-redirect';
import { LoginForm } from './login-form';

/**
 * /ui/login: password login plus federated sign-in; a logged-in visitor is sent on to their landing
 * page. A visitor who came through an invitation link is told that signing in accepts it, so the
 * plain login page does not look like the link was lost. Written in semantic-ui's markup rather
 * than its React components, as the form is: those would bring their library (and lodash) to the
 * first page every visitor loads.
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
      {invited && (
        <div className="ui icon info message" data-testid="login-invitation">
          <i aria-hidden="true" className="mail icon" />
          <div className="content">
            <div className="header">{t('login.invitationHeader')}</div>
            <p>{t('login.invitationText')}</p>
          </div>
        </div>
      )}
      <LoginForm />
      <div className="ui horizontal divider">{t('login.or')}</div>
      <FederatedLogin edugain={session?.config.enable_edugain ?? false} />
    </section>
  );
}
