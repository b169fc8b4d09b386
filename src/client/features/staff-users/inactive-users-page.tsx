import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useInactiveUsersQuery } from '../../api/staff';
import { useStaffGridSource } from '../../api/grid-pages';
import { SchemaGrid, tableLayout } from '../../engine/schema-grid';
import { useForbiddenRedirect } from '../../engine/use-forbidden-redirect';
import { UsersToggle } from './users-toggle';

const layout = tableLayout('tables/users-inactive');
const toolbar = <UsersToggle inactive />;
const useWhole = (skip: boolean) => useInactiveUsersQuery(undefined, { skip });

/** /ui/users/inactive: users whose status is inactive, with their past projects. */
export default function InactiveUsersPage() {
  const { t } = useTranslation();
  const source = useStaffGridSource('users-inactive', layout, useWhole);
  useForbiddenRedirect(...source.errors);
  return (
    <section data-page="staff-users-inactive">
      <Header as="h1">{t('staffUsers.inactiveTitle')}</Header>
      <SchemaGrid layout={layout} data={source.data} loading={source.loading} pages={source.pages} toolbar={toolbar} />
    </section>
  );
}
