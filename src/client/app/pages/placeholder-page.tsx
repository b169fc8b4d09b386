import { useTranslation } from 'react-i18next';
import { Header, Message } from 'semantic-ui-react';
import { useRouteTitle } from '../use-route-title';

/** Stands in for a page a later feature builds: shows the route's title and nothing else. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <section data-page="placeholder">
      <Header as="h1">{title}</Header>
      <Message info content={t('common.underConstruction')} />
    </section>
  );
}
