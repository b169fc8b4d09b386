import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useScienceSoftwareQuery } from '@/client/api/software';
import { SchemaGrid, tableLayout, type GridAction } from '@/client/engine/schema-grid';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { AddSoftwareForm } from './add-software-form';
import { DeleteSoftwareButton } from './delete-software-button';

const actions: Record<string, GridAction> = { deleteSoftware: DeleteSoftwareButton };

/** /ui/software: the applications (modulefiles) on the cluster; add, delete, sort, filter. */
export default function StaffSoftwarePage() {
  const { t } = useTranslation();
  const layout = tableLayout('tables/software');
  const { data, isLoading, error } = useScienceSoftwareQuery();
  useForbiddenRedirect(error);
  return (
    <section data-page="staff-software">
      <Header as="h1">{t('software.title')}</Header>
      <AddSoftwareForm />
      <SchemaGrid layout={layout} data={data} loading={isLoading} actions={actions} />
    </section>
  );
}
