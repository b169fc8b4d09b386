import { Header, Message, Segment } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '@/client/api/projects';
import { ResourceTags, StateIcon } from '@/client/engine/renderers';
import { formatDateTime } from '@/client/engine/format';
import { BEHAVIOUR_STATES } from './processing-rules';

/** State icon and label, granted resource types, time of the last change, the last comment when denied. */
export function ProcessingHeader({ project }: { project: PortalProject }) {
  const { t } = useTranslation();
  const comments = project.staffcomment_set ?? [];
  const lastComment = comments[comments.length - 1]?.comment;
  const denied = project.state.name === BEHAVIOUR_STATES.denied;
  return (
    <Segment className="processing-header" data-state={project.state.name}>
      <Header as="h1">
        <StateIcon state={project.state.name} withLabel />
      </Header>
      <div className="processing-header-row">
        <span className="muted">{t('processing.granted')}</span>
        <ResourceTags tags={project.staff_resources_type ?? []} />
      </div>
      <div className="processing-header-row">
        <span className="muted">{t('processing.lastChange')}</span> {formatDateTime(project.date_changed) || '–'}
      </div>
      {denied && lastComment && <Message warning header={t('processing.lastComment')} content={lastComment} />}
    </Segment>
  );
}
