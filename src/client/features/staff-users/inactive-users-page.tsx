import { useTranslation } from 'react-i18next';
import { useInactiveUsersQuery } from '@/client/api/staff';
import { useStaffGridSource } from '@/client/api/grid-pages';
import { StaffGridPage, tableLayout } from '@/client/engine/schema-grid';
import { UsersToggle } from './users-toggle';

const toolbar = <UsersToggle inactive />;
const useWhole = (skip: boolean) => useInactiveUsersQuery(undefined, { skip });

/** /ui/users/inactive: users whose status is inactive, with their past projects. */
export default function InactiveUsersPage() {
  const { t } = useTranslation();
  const layout = tableLayout('tables/users-inactive');
  const source = useStaffGridSource('users-inactive', layout, useWhole);
  return <StaffGridPage page="staff-users-inactive" title={t('staffUsers.inactiveTitle')} layout={layout} rows={source} toolbar={toolbar} />;
}
