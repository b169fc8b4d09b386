import { Link, useParams } from 'react-router';
import { Header, Loader, Message, Segment } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useMyLeadProjectsQuery } from '@/client/api/projects';
import { formatDate, formatDateTime } from '@/client/engine/format';
import { CopyButton, ResourceTags, StateIcon, TypeBadge } from '@/client/engine/renderers';
import { paths } from '@/schema-runtime/pages';
import './my-requests.css';

/** /ui/my-requests/:projId: one of the user's requests, read-only: state, granted resources, last change, denial reason. */
export default function MyRequestDetailPage() {
  const { t } = useTranslation();
  const { projId } = useParams();
  const projects = useMyLeadProjectsQuery();
  const project = projects.data?.find((p) => p.identifier === projId);
  if (projects.isLoading) return <Loader active inline="centered" />;
  if (!project) return <Message warning content={t('myRequests.notFound')} />;
  const comments = project.staffcomment_set ?? [];
  // Staff comments are kept with the state they were given for (the reason of a denial).
  const lastComment = comments.filter((c) => c.project_state === project.state.name).at(-1)?.comment;
  const granted = project.staff_resources_type ?? [];
  return (
    <section data-page="my-request-detail" className="my-request-detail">
      <Header as="h1">{project.name}</Header>
      <Segment>
        <dl className="detail-grid">
          <dt>{t('myRequests.state')}</dt>
          <dd>
            <StateIcon state={project.state.name} withLabel audience="user" />
          </dd>
          <dt>{t('myRequests.code')}</dt>
          <dd>
            {project.identifier} <CopyButton value={project.identifier} what="projectCode" />
          </dd>
          <dt>{t('myRequests.type')}</dt>
          <dd>
            <TypeBadge type={project.project_type.name} finance={project.croris_finance} />
          </dd>
          <dt>{t('myRequests.submitted')}</dt>
          <dd>{formatDateTime(project.date_submitted)}</dd>
          <dt>{t('myRequests.duration')}</dt>
          <dd>
            {formatDate(project.date_start)} – {formatDate(project.date_end)}
          </dd>
          <dt>{t('myRequests.grantedResources')}</dt>
          <dd>{granted.length ? <ResourceTags tags={granted} /> : t('myRequests.noGrantedResources')}</dd>
          <dt>{t('myRequests.dateChanged')}</dt>
          <dd>{formatDateTime(project.date_changed)}</dd>
          <dt>{t('myRequests.reason')}</dt>
          <dd className="pre-wrap">{project.reason}</dd>
          {lastComment && (
            <>
              <dt>{t('myRequests.denyComment')}</dt>
              <dd className="pre-wrap">{lastComment}</dd>
            </>
          )}
        </dl>
      </Segment>
      <Link to={paths.myRequests.href}>{t('myRequests.backToList')}</Link>
    </section>
  );
}
