import { useRef } from 'react';
import { useParams } from 'react-router';
import { Header, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useMyLeadProjectsQuery } from '@/client/api/projects';
import { useRegistryInfoQuery } from '@/client/api/registry';
import { activeUser, useSessionQuery } from '@/client/api/session';
import { useLocaleText } from '@/client/engine/locale-text';
import { registryCollaborators, registryLeadProjects, registryPrefill } from './registry-prefill';
import { RequestForm } from './request-form';
import { allRequestTypes, isRegistryBased } from './request-types';
import './requests.css';

/** /ui/new-request/research-project/:projId: the research request pre-filled from one registry project. */
export default function ResearchRequestPage() {
  const { t } = useTranslation();
  const text = useLocaleText();
  const { projId } = useParams();
  const user = activeUser(useSessionQuery().data);
  const registry = useRegistryInfoQuery();
  const mine = useMyLeadProjectsQuery();
  const type = allRequestTypes().find(isRegistryBased);
  const project = registryLeadProjects(registry.data).find((p) => String(p.croris_id) === projId);
  // Judged once, as the page opens: after this page's own submit the list holds the project too.
  const submittedBefore = useRef<boolean>();
  if (submittedBefore.current === undefined && project && mine.isSuccess)
    submittedBefore.current = mine.data.some((p) => p.croris_id === project.croris_id);

  let body;
  if (!type || registry.isLoading || mine.isLoading) body = <Loader active inline="centered" />;
  else if (!project) body = <Message warning content={t('requests.registryProjectNotFound')} />;
  else if (submittedBefore.current) body = <Message info content={t('requests.registryProjectSubmitted')} />;
  else body = <RequestForm type={type} initialData={registryPrefill(project, registryCollaborators(registry.data, project.croris_id), user)} />;

  return (
    <section data-page="research-request" className="request-page">
      <Header as="h1">{type ? text(type.label) : t('titles.newResearchProjectFromRegistry')}</Header>
      {body}
    </section>
  );
}
