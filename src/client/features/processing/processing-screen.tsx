import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Grid, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useProjectQuery, useProjectTimelineQuery } from '@/client/api/projects';
import { useToast } from '@/client/shared/toast/use-toast';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { ProjectTimeline } from '@/client/engine/timeline/project-timeline';
import { ProcessingHeader } from './processing-header';
import { LeaderBlock } from './leader-block';
import { GeneralSummary } from './general-summary';
import { RequestFormSection } from './request-form-section';
import { ExtensionsSection } from './extensions-section';
import { ProcessingPanel } from './processing-panel';
import { GrantFieldsProvider } from './grant-fields';
import { editedFields } from './edited-fields';
import { UsageSummary } from './usage-summary';
import { ProjectReadiness } from '@/client/engine/readiness/project-readiness';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { leadRoleName } from '@/schema-runtime/rule-annotations';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import './processing.css';

const leadRole = perSchemaSet(() => leadRoleName(schemas.vocabulary<{ leads?: boolean }>(SCHEMA_IDS.roles)));

/** The processing screen of a request (`/ui/requests/:projId`) or, in manage-project mode, a project. */
export function ProcessingScreen({ projectMode }: { projectMode: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { projId = '' } = useParams();
  const { data: project, isLoading, error } = useProjectQuery(projId);
  const timeline = useProjectTimelineQuery(project?.identifier ?? '', { skip: !project });
  useForbiddenRedirect(error);
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState<Record<string, unknown> | null>(null);

  if (isLoading) return <Loader active inline="centered" />;
  if (!project) return <Message error content={t('processing.notFound', { identifier: projId })} />;
  const lead = project.userproject_set?.find((m) => m.role.name === leadRole())?.user;
  return (
    <section data-page={projectMode ? 'project-processing' : 'request-processing'}>
      <ProcessingHeader project={project} />
      <Grid stackable columns={2} className="processing-grid">
        <Grid.Column width={10}>
          <GeneralSummary project={project} />
          <RequestFormSection
            project={project}
            editing={editing}
            onEdited={(data) => {
              setEdited(editedFields(data));
              setEditing(false);
              toast.info(t('processing.editKept'));
            }}
          />
          <ExtensionsSection project={project} />
          <ProjectReadiness project={project} />
          <ProjectTimeline {...timeline} />
        </Grid.Column>
        <Grid.Column width={6}>
          <LeaderBlock lead={lead} />
          <UsageSummary identifier={project.identifier} />
          <GrantFieldsProvider project={project}>
            <ProcessingPanel project={project} projectMode={projectMode} editing={editing} edited={edited} onToggleEdit={() => setEditing((e) => !e)} />
          </GrantFieldsProvider>
        </Grid.Column>
      </Grid>
    </section>
  );
}
