import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '../../api/projects';
import { SchemaGrid, tableLayout } from '../../engine/schema-grid';
import { useForbiddenRedirect } from '../../engine/use-forbidden-redirect';

const layout = tableLayout('tables/requests');

/** /ui/requests: every request and project, newest first, with the filters of `tables/requests.json`. */
export default function StaffRequestsPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useAllProjectsQuery();
  useForbiddenRedirect(error);
  return (
    <section data-page="staff-requests">
      <Header as="h1">{t('staffRequests.title')}</Header>
      <SchemaGrid layout={layout} data={data} loading={isLoading} />
    </section>
  );
}
