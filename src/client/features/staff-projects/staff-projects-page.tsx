import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '@/client/api/projects';
import { useStaffGridSource } from '@/client/api/grid-pages';
import { StaffGridPage, tableLayout } from '@/client/engine/schema-grid';

const useWhole = (skip: boolean) => useAllProjectsQuery(undefined, { skip });

/** /ui/projects: projects in the non-request states (rules/states.json isRequest false). */
export default function StaffProjectsPage() {
  const { t } = useTranslation();
  const layout = tableLayout('tables/projects');
  const source = useStaffGridSource('projects', layout, useWhole);
  return <StaffGridPage page="staff-projects" title={t('staffProjects.title')} layout={layout} rows={source} />;
}
