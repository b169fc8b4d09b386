import { Link } from 'react-router-dom';
import { Header, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@generated';
import { CopyButton, ResourceTags, StateIcon, TypeBadge } from '@/client/engine/renderers';
import { useRoleLabel } from '@/client/engine/people/use-role-label';
import { formatDate } from '@/client/engine/format';
import { projectPath } from '@/client/engine/staff-links';
import { compareSortKeys } from '@/schema-runtime/sort-key';

/** The user's projects (the server leaves out open and denied requests), newest approval first. */
export function UserProjectsTable({ memberships }: { memberships: UserDetail['userproject_set'] }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  // ISO instants of one form compare by code point in time order: no collation needed.
  const rows = [...memberships].sort((a, b) => compareSortKeys(b.project.date_approved ?? '', a.project.date_approved ?? ''));
  return (
    <>
      <Header as="h3">{t('staffUsers.detail.projects')}</Header>
      <Table compact celled className="user-projects">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>#</Table.HeaderCell>
            <Table.HeaderCell>{t('grid.columns.state')}</Table.HeaderCell>
            <Table.HeaderCell>{t('grid.columns.project')}</Table.HeaderCell>
            <Table.HeaderCell>{t('staffUsers.detail.code')}</Table.HeaderCell>
            <Table.HeaderCell>{t('grid.columns.type')}</Table.HeaderCell>
            <Table.HeaderCell>{t('staffUsers.detail.resources')}</Table.HeaderCell>
            <Table.HeaderCell>{t('staffUsers.detail.role')}</Table.HeaderCell>
            <Table.HeaderCell>{t('staffUsers.detail.approved')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={8} className="muted">
                {t('staffUsers.detail.noProjects')}
              </Table.Cell>
            </Table.Row>
          )}
          {rows.map(({ project, role }, index) => (
            <Table.Row key={project.identifier}>
              <Table.Cell>{rows.length - index}</Table.Cell>
              <Table.Cell>
                <StateIcon state={project.state.name} />
              </Table.Cell>
              <Table.Cell>
                <Link to={projectPath(project.identifier)}>{project.name}</Link>
                <div className="muted">{project.institute}</div>
              </Table.Cell>
              <Table.Cell>
                <code>{project.identifier}</code> <CopyButton value={project.identifier} what="projectCode" />
              </Table.Cell>
              <Table.Cell>
                <TypeBadge type={project.project_type.name} finance={project.croris_finance} />
              </Table.Cell>
              <Table.Cell>
                <ResourceTags tags={project.staff_resources_type} />
              </Table.Cell>
              <Table.Cell>{roleLabel(role.name)}</Table.Cell>
              <Table.Cell>{formatDate(project.date_approved)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </>
  );
}
