import { Link } from 'react-router';
import { Button, Icon, Table } from 'semantic-ui-react';
import type { MemberReadinessAnswerSummary } from '@generated';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '@/client/api/projects';
import { formatDate, formatDateTime } from '@/client/engine/format';
import { CopyButton, ResourceTags, StateIcon, TypeBadge } from '@/client/engine/renderers';
import { paths } from '@/schema-runtime/pages';
import { canRequestExtension, latestApprovedExtensionEnd, requestDetailPath } from './my-request-rules';

/** One row of my requests. */
export function MyRequestRow({
  project,
  isStaff,
  readiness,
  onExtend,
}: {
  project: PortalProject;
  isStaff: boolean;
  /** How many of the project's people are stuck (GET projects-readiness/), when it has any. */
  readiness?: MemberReadinessAnswerSummary[number];
  onExtend: () => void;
}) {
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
        {readiness && (readiness.stuck > 0 || readiness.blocked > 0) && (
          <div className="readiness-warning" data-testid="readiness-warning">
            <Icon name="warning sign" color="orange" aria-hidden="true" />
            <Link to={paths.membershipDetail.href(project.identifier)} title={t('readiness.stuckWarningLink')}>
              {/* Only the counts that are not zero: stuck people include invitees, who are not members. */}
              {[readiness.blocked > 0 && t('readiness.blockedWarning', { blocked: readiness.blocked }), readiness.stuck > 0 && t('readiness.stuckWarning', { stuck: readiness.stuck })]
                .filter(Boolean)
                .join(' · ')}
            </Link>
          </div>
        )}
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
