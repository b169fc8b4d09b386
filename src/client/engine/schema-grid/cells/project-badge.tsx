import { Link } from 'react-router-dom';
import { Label, List, Popup } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { UserProjectSummary } from '@generated';
import { CopyButton, StateIcon, TypeBadge } from '../../renderers';
import { projectPath } from '../../staff-links';
import { useRoleLabel } from '../../people/use-role-label';
import { PopupOnFirstClick } from '../../people/popup-on-first-click';

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
    <PopupOnFirstClick trigger={trigger} position="bottom left" className="project-popover">
      <ProjectDetails project={project} />
    </PopupOnFirstClick>
  );
}

function ProjectDetails({ project }: { project: UserProjectSummary }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (
    <Popup.Content>
      <List size="small">
        <List.Item>
          <code>{project.identifier}</code> <CopyButton value={project.identifier} what="projectCode" />
        </List.Item>
        {project.state && (
          <List.Item>
            <StateIcon state={project.state} withLabel />
          </List.Item>
        )}
        {project.type && (
          <List.Item>
            <TypeBadge type={project.type} />
          </List.Item>
        )}
        <List.Item icon="user" content={roleLabel(project.role)} />
        <List.Item>
          <Link to={projectPath(project.identifier)}>{t('grid.people.projectDetail')}</Link>
        </List.Item>
      </List>
    </Popup.Content>
  );
}
