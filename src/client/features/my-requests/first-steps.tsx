import { Link } from 'react-router';
import { Button, Header, Segment } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/schema-runtime/pages';

const STEPS = ['request', 'approval', 'key', 'login'] as const;

/**
 * What a new user does next, shown on my-requests while they have no request: a first visit
 * otherwise lands on an empty page that says nothing of how one gets to compute.
 */
export function FirstSteps() {
  const { t } = useTranslation();
  return (
    <Segment className="first-steps" data-testid="first-steps">
      <Header as="h2" size="small">
        {t('myRequests.firstSteps.heading')}
      </Header>
      <ol>
        {STEPS.map((step) => (
          <li key={step} data-step={step}>
            {t(`myRequests.firstSteps.${step}`)}
          </li>
        ))}
      </ol>
      <Button as={Link} to={paths.newRequest.href} primary icon="plus" content={t('myRequests.firstSteps.submit')} />
    </Segment>
  );
}
