import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Button, Loader, Message, Segment } from 'semantic-ui-react';
import { useSessionQuery } from '@/client/api/session';
import { storeInvitation } from '@/client/shared/invitation-storage';
import { paths } from '@/schema-runtime/pages';
import { RedirectProgress } from './redirect-progress';
import { useInvitation } from './use-accept-invitation';

/**
 * /ui/login-email/:inviteKey (and …/en): without a session the key is remembered and the visitor
 * signs in first (the post-login landing brings them back); with one the page shows what the
 * invitation is for — project, who invited, the invited address, and a warning when that is not
 * one of the user's — and joins only when the user presses the button (decision 0622). A
 * successful join shows a progress bar and then the memberships.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { inviteKey = '' } = useParams();
  const { pathname } = useLocation();
  const { data: session, isLoading } = useSessionQuery();
  const loggedIn = !!session?.active;
  const { details, outcome, accept, accepting } = useInvitation(inviteKey, loggedIn);

  if (isLoading || !session) return <Loader active inline="centered" />;
  if (!loggedIn) {
    storeInvitation({ key: inviteKey, english: pathname.replace(/\/$/, '').endsWith('/en') });
    return <Navigate to={paths.login.href} replace />;
  }
  const inviter = details?.inviter ? `${details.inviter.first_name} ${details.inviter.last_name}`.trim() : t('invitation.unknownInviter');
  return (
    <Segment raised padded className="login-card invitation-card" data-page="invitation">
      <h1 className="ui header">{t('invitation.heading')}</h1>
      {!outcome && !details && <Loader active inline="centered" content={t('invitation.checking')} />}
      {!outcome && details && (
        <div data-testid="invitation-details">
          <dl className="invitation-facts">
            <dt>{t('invitation.project')}</dt>
            <dd>
              <strong>{details.project.identifier}</strong> {details.project.name}
            </dd>
            <dt>{t('invitation.inviter')}</dt>
            <dd>{inviter}</dd>
            <dt>{t('invitation.email')}</dt>
            <dd>{details.email}</dd>
          </dl>
          <p>{t('invitation.intro')}</p>
          {!details.addressMatches && (
            <Message warning visible data-testid="invitation-address-mismatch">
              {t('invitation.addressMismatch', { email: details.email })}
            </Message>
          )}
          <Button primary loading={accepting} disabled={accepting} onClick={accept} data-testid="invitation-accept">
            {t(details.addressMatches ? 'invitation.accept' : 'invitation.acceptAnyway')}
          </Button>
          <Link className="ui basic button" to={paths.memberships.href}>
            {t('invitation.toMemberships')}
          </Link>
        </div>
      )}
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
