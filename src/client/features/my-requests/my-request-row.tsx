import { Link } from 'react-router';
import { Button, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '../../api/projects';
import { formatDate, formatDateTime } from '../../engine/format';
import { CopyButton, ResourceTags, StateIcon, TypeBadge } from '../../engine/renderers';
import { canRequestExtension, latestApprovedExtensionEnd, requestDetailPath } from './my-request-rules';

/** One row of my requests. */
export function MyRequestRow({ project, isStaff, onExtend }: { project: PortalProject; isStaff: boolean; onExtend: () => void }) {
  const { t } = useTranslation();
  const extendedTo = latestApprovedExtensionEnd(project.extensions);
  const extendable = canRequestExtension(project.state.name);
  return (
    <Table.Row data-testid={`my-request-${project.identifier}`}>
      <Table.Cell textAlign="center">
        <StateIcon state={project.state.name} audience="user" />
      </Table.Cell>
      <Table.Cell singleLine>{formatDateTime(project.date_submitted)}</Table.Cell>
      <Table.Cell>
        <Link to={requestDetailPath(project, isStaff)} className="request-name">
          {project.name}
        </Link>
        <ResourceTags tags={project.staff_resources_type} />
      </Table.Cell>
      <Table.Cell singleLine>
        <span className="project-code">{project.identifier}</span> <CopyButton value={project.identifier} what="projectCode" />
      </Table.Cell>
      <Table.Cell>
        <TypeBadge type={project.project_type.name} finance={project.croris_finance} />
      </Table.Cell>
      <Table.Cell singleLine>
        {formatDate(project.date_start)} – {formatDate(project.date_end)}
        {extendedTo && (
          <div className="extended-to" title={t('myRequests.extendedTo', { date: formatDate(extendedTo) })}>
            {formatDate(extendedTo)}
          </div>
        )}
      </Table.Cell>
      <Table.Cell textAlign="center">
        <Button
          type="button"
          size="small"
          basic={!extendable}
          color={extendable ? 'orange' : undefined}
          disabled={!extendable}
          icon="calendar plus outline"
          title={t('myRequests.extend')}
          aria-label={t('myRequests.extend')}
          onClick={onExtend}
        />
      </Table.Cell>
    </Table.Row>
  );
}
