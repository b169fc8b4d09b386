import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '../../api/projects';
import { useStaffGridSource } from '../../api/grid-pages';
import { SchemaGrid, tableLayout } from '../../engine/schema-grid';
import { useForbiddenRedirect } from '../../engine/use-forbidden-redirect';

const layout = tableLayout('tables/projects');
const useWhole = (skip: boolean) => useAllProjectsQuery(undefined, { skip });

/** /ui/projects: projects in the non-request states (rules/states.json isRequest false). */
export default function StaffProjectsPage() {
  const { t } = useTranslation();
  const source = useStaffGridSource('projects', layout, useWhole);
  useForbiddenRedirect(...source.errors);
  return (
    <section data-page="staff-projects">
      <Header as="h1">{t('staffProjects.title')}</Header>
      <SchemaGrid layout={layout} data={source.data} loading={source.loading} pages={source.pages} />
    </section>
  );
}
