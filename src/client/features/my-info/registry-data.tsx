import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Loader, Message } from 'semantic-ui-react';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useRegistryInfoQuery } from '@/client/api/registry';
import { useToast } from '@/client/shared/toast/use-toast';
import { InfoTable } from './info-table';
import { RegistryProjectsTable } from './registry-projects-table';
import { registryLinks } from './registry-links';

/** The user's research-registry person data and the registry projects they lead or work on. */
export function RegistryData() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, error, isLoading } = useRegistryInfoQuery();

  useEffect(() => {
    if (isApiError(error)) toast.error(apiErrorText(t('myInfo.registryFailed'), error), { id: 'registry-fetch' });
  }, [error, t, toast]);

  if (isLoading) return <Loader active inline="centered" />;
  const person = data?.data?.person_info;
  if (!data?.data || !person) return <Message info content={t('myInfo.noRegistry')} data-testid="no-registry" />;
  return (
    <>
      <InfoTable
        testId="registry-person"
        rows={[
          [t('myInfo.firstName'), person.first_name],
          [t('myInfo.lastName'), person.last_name],
          [t('myInfo.registryId'), person.croris_id],
          [t('myInfo.mbz'), person.mbz],
          [t('myInfo.email'), person.email],
          [
            t('myInfo.profile'),
            person.croris_id ? (
              <a key="profile" href={registryLinks.person(person.croris_id)} target="_blank" rel="noreferrer">
                {t('myInfo.profileLink')}
              </a>
            ) : null,
          ],
        ]}
      />
      <Header as="h3">{t('myInfo.leadProjects')}</Header>
      <RegistryProjectsTable projects={data.data.projects_lead_info} role={t('myInfo.roleLead')} testId="registry-lead-projects" />
      <Header as="h3">{t('myInfo.associateProjects')}</Header>
      <RegistryProjectsTable projects={data.data.projects_associate_info} role={t('myInfo.roleAssociate')} testId="registry-associate-projects" />
    </>
  );
}
