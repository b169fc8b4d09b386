import { Header, Loader, Message, Segment } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useStaffRegistryInfoQuery } from '@/client/api/staff';
import { ProjectList } from './registry-project-list';

/** The user's research-registry projects (lead and associate), with a spinner while loading. */
export function UserRegistryBlock({ oib }: { oib: string | undefined }) {
  const { t } = useTranslation();
  const { data, isFetching } = useStaffRegistryInfoQuery(oib ?? '', { skip: !oib });
  const lead = data?.data?.projects_lead_info ?? [];
  const associate = data?.data?.projects_associate_info ?? [];
  return (
    <Segment className="user-registry">
      <Header as="h3">{t('staffUsers.detail.registry')}</Header>
      {isFetching ? (
        <Loader active inline="centered" size="small" />
      ) : lead.length + associate.length === 0 ? (
        <Message size="small" content={t('staffUsers.detail.noRegistry')} />
      ) : (
        <>
          <ProjectList title={t('staffUsers.detail.registryLead')} projects={lead} />
          <ProjectList title={t('staffUsers.detail.registryAssociate')} projects={associate} />
        </>
      )}
    </Segment>
  );
}
