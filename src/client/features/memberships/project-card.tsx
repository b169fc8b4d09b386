import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Grid, Header, Segment } from 'semantic-ui-react';
import type { PortalProject } from '@/client/api/projects';
import { formatDate } from '@/client/engine/format';
import { CopyButton, ResourceTags, StateIcon, TypeBadge } from '@/client/engine/renderers';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid.Column>
      <div className="membership-fact-label">{label}</div>
      <div className="membership-fact-value">{children}</div>
    </Grid.Column>
  );
}

/** The project's facts: name, copyable code, state, duration, approval date, type and resources; members below. */
export function ProjectCard({ project, children }: { project: PortalProject; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Segment raised data-testid="membership-card">
      <Header as="h1">
        {project.name}
        <Header.Subheader>
          {t('memberships.card.identifier')}: <strong data-testid="project-identifier">{project.identifier}</strong>{' '}
          <CopyButton value={project.identifier} what="projectCode" />
        </Header.Subheader>
      </Header>
      <Grid columns={5} stackable className="membership-facts">
        <Fact label={t('memberships.card.state')}>
          <StateIcon state={project.state.name} withLabel audience="user" />
        </Fact>
        <Fact label={t('memberships.card.duration')}>
          {formatDate(project.date_start)} – {formatDate(project.date_end)}
        </Fact>
        {/* The spec takes the approval date from date_changed; a project never changed since approval has only date_approved. */}
        <Fact label={t('memberships.card.approved')}>{formatDate(project.date_changed ?? project.date_approved) || '—'}</Fact>
        <Fact label={t('memberships.card.type')}>
          <TypeBadge type={project.project_type.name} finance={project.croris_finance} />
        </Fact>
        <Fact label={t('memberships.card.resources')}>
          <ResourceTags tags={project.staff_resources_type} />
        </Fact>
      </Grid>
      <Header as="h3">{t('memberships.card.members')}</Header>
      {children}
    </Segment>
  );
}
