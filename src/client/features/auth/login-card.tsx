import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@generated';
import { readInvitation } from '@/client/shared/invitation-storage';
import { FederatedLogin } from './federated-login';
import { LoginForm } from './login-form';

/**
 * Password login plus federated sign-in, for a visitor without a session: on the login document
 * (`src/client/login.tsx`) and on the app's login route. A visitor who came through an invitation
 * link is told that signing in accepts it, so the plain login page does not look like the link was
 * lost. Written in semantic-ui's markup rather than its React components, as the form is: those
 * would bring their library (and lodash) to the first page every visitor loads.
 */
export function LoginCard({ session }: { session: Session | undefined }) {
  const { t } = useTranslation();
  const [invited] = useState(() => readInvitation() !== null);
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
      <LoginForm csrfToken={session?.csrftoken} />
      <div className="ui horizontal divider">{t('login.or')}</div>
      <FederatedLogin edugain={session?.config.enable_edugain ?? false} />
    </section>
  );
}
