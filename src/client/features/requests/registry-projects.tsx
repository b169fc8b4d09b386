import { useEffect } from 'react';
import { Card, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useMyLeadProjectsQuery } from '@/client/api/projects';
import { useRegistryInfoQuery } from '@/client/api/registry';
import { requestTypePage } from '@/schema-runtime/pages';
import { useToast } from '@/client/shared/toast/use-toast';
import { RegistryProjectCard } from './registry-project-card';
import { registryCollaborators, registryLeadProjects } from './registry-prefill';
import type { RequestType } from './request-types';

/** /ui/new-request/research-project: a card per registry project the user leads, with Select. */
export function RegistryProjects({ type }: { type: RequestType }) {
  const { t } = useTranslation();
  const toast = useToast();
  const registry = useRegistryInfoQuery();
  const mine = useMyLeadProjectsQuery();

  useEffect(() => {
    if (isApiError(registry.error)) toast.error(apiErrorText(t('requests.registryFetchFailed'), registry.error), { id: 'registry-fetch' });
  }, [registry.error, t, toast]);

  if (registry.isLoading) return <Loader active inline="centered" />;
  const projects = registryLeadProjects(registry.data);
  if (projects.length === 0) return <Message info content={t('requests.noRegistryProjects')} />;
  const submitted = new Set((mine.data ?? []).map((p) => p.croris_id).filter((id): id is number => typeof id === 'number'));
  return (
    <>
      <p>{t('requests.registryIntro')}</p>
      <Card.Group itemsPerRow={2} stackable className="registry-cards">
        {projects.map((project) => (
          <RegistryProjectCard
            key={project.croris_id}
            project={project}
            selectPath={`${requestTypePage(type).href}/${project.croris_id}`}
            collaborators={registryCollaborators(registry.data, project.croris_id)}
            submitted={submitted.has(project.croris_id)}
          />
        ))}
      </Card.Group>
    </>
  );
}
