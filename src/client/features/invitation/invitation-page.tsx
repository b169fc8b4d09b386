import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Loader, Message, Segment } from 'semantic-ui-react';
import { useSessionQuery } from '@/client/api/session';
import { storeInvitation } from '@/client/shared/invitation-storage';
import { paths } from '@/client/shared/paths';
import { RedirectProgress } from './redirect-progress';
import { useAcceptInvitation } from './use-accept-invitation';

/**
 * /ui/login-email/:inviteKey (and …/en): without a session the key is remembered and the visitor
 * signs in first (the post-login landing brings them back); with one the invitation is accepted
 * and the outcome shown. A successful join shows a progress bar and then the memberships.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { inviteKey = '' } = useParams();
  const { pathname } = useLocation();
  const { data: session, isLoading } = useSessionQuery();
  const loggedIn = !!session?.active;
  const outcome = useAcceptInvitation(inviteKey, loggedIn);

  if (isLoading || !session) return <Loader active inline="centered" />;
  if (!loggedIn) {
    storeInvitation({ key: inviteKey, english: pathname.replace(/\/$/, '').endsWith('/en') });
    return <Navigate to={paths.login.href} replace />;
  }
  return (
    <Segment raised padded className="login-card invitation-card" data-page="invitation">
      <h1 className="ui header">{t('invitation.heading')}</h1>
      {!outcome && <Loader active inline="centered" content={t('invitation.checking')} />}
      {outcome && (
        <Message positive={outcome.joined} negative={!outcome.joined} data-testid="invitation-outcome" data-joined={outcome.joined}>
          {t(`invitation.outcome.${outcome.text}`)}
        </Message>
      )}
      {outcome?.joined && <RedirectProgress />}
      {outcome && !outcome.joined && (
        <Link className="ui basic button" to={paths.memberships.href}>
          {t('invitation.toMemberships')}
        </Link>
      )}
    </Segment>
  );
}
