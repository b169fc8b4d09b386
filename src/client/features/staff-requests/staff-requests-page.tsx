import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '../../api/projects';
import { useStaffGridSource } from '../../api/grid-pages';
import { SchemaGrid, tableLayout } from '../../engine/schema-grid';
import { useForbiddenRedirect } from '../../engine/use-forbidden-redirect';

const layout = tableLayout('tables/requests');
const useWhole = (skip: boolean) => useAllProjectsQuery(undefined, { skip });

/** /ui/requests: every request and project, newest first, with the filters of `tables/requests.json`. */
export default function StaffRequestsPage() {
  const { t } = useTranslation();
  const source = useStaffGridSource('requests', layout, useWhole);
  useForbiddenRedirect(...source.errors);
  return (
    <section data-page="staff-requests">
      <Header as="h1">{t('staffRequests.title')}</Header>
      <SchemaGrid layout={layout} data={source.data} loading={source.loading} pages={source.pages} />
    </section>
  );
}
