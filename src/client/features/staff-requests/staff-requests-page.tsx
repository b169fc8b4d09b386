import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '@/client/api/projects';
import { useStaffGridSource } from '@/client/api/grid-pages';
import { StaffGridPage, tableLayout } from '@/client/engine/schema-grid';

const useWhole = (skip: boolean) => useAllProjectsQuery(undefined, { skip });

/** /ui/requests: every request and project, newest first, with the filters of `tables/requests.json`. */
export default function StaffRequestsPage() {
  const { t } = useTranslation();
  const layout = tableLayout('tables/requests');
  const source = useStaffGridSource('requests', layout, useWhole);
  return <StaffGridPage page="staff-requests" title={t('staffRequests.title')} layout={layout} rows={source} />;
}
