import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '../../api/projects';
import { SchemaGrid, tableLayout } from '../../engine/schema-grid';
import { useForbiddenRedirect } from '../../engine/use-forbidden-redirect';

const layout = tableLayout('tables/projects');

/** /ui/projects: projects in the non-request states (rules/states.json isRequest false). */
export default function StaffProjectsPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useAllProjectsQuery();
  useForbiddenRedirect(error);
  return (
    <section data-page="staff-projects">
      <Header as="h1">{t('staffProjects.title')}</Header>
      <SchemaGrid layout={layout} data={data} loading={isLoading} />
    </section>
  );
}
