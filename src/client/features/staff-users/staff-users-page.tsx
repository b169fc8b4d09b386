import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useActiveUsersQuery } from '../../api/staff';
import { SchemaGrid, tableLayout } from '../../engine/schema-grid';
import { useForbiddenRedirect } from '../../engine/use-forbidden-redirect';
import { UsersToggle } from './users-toggle';

const layout = tableLayout('tables/users-active');
const toolbar = <UsersToggle inactive={false} />;

/** /ui/users: users on active projects. */
export default function StaffUsersPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useActiveUsersQuery();
  useForbiddenRedirect(error);
  return (
    <section data-page="staff-users">
      <Header as="h1">{t('staffUsers.title')}</Header>
      <SchemaGrid layout={layout} data={data} loading={isLoading} toolbar={toolbar} />
    </section>
  );
}
