import { Link } from 'react-router-dom';
import { Label } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { UserProjectSummary } from '@generated';
import { CopyButton, StateIcon, TypeBadge } from '@/client/engine/renderers';
import { projectPath } from '@/client/engine/staff-links';
import { useRoleLabel } from '@/client/engine/people/use-role-label';
import { Popover } from '@/client/shared/popover';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

/**
 * One project code as a badge, dark when the user leads it, opening a popover about the project
 * (mounted on the first click: a users page draws many badges).
 */
export function ProjectBadge({ project, leadRole }: { project: UserProjectSummary; leadRole: string }) {
  const lead = project.role === leadRole;
  const trigger = (
    <Label as="button" type="button" size="small" color={lead ? 'black' : 'grey'} basic={!lead} className="project-badge" data-lead={lead}>
      {project.identifier}
    </Label>
  );
  return (
    <Popover trigger={trigger} className="project-popover">
      <ProjectDetails project={project} />
    </Popover>
  );
}

function ProjectDetails({ project }: { project: UserProjectSummary }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (
    <div className="content">
      <SimpleList small>
        <SimpleListItem>
          <code>{project.identifier}</code> <CopyButton value={project.identifier} what="projectCode" />
        </SimpleListItem>
        {project.state && (
          <SimpleListItem>
            <StateIcon state={project.state} withLabel />
          </SimpleListItem>
        )}
        {project.type && (
          <SimpleListItem>
            <TypeBadge type={project.type} />
          </SimpleListItem>
        )}
        <SimpleListItem icon="user">{roleLabel(project.role)}</SimpleListItem>
        <SimpleListItem>
          <Link to={projectPath(project.identifier)}>{t('grid.people.projectDetail')}</Link>
        </SimpleListItem>
      </SimpleList>
    </div>
  );
}
