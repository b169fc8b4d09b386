import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table } from 'semantic-ui-react';
import type { PortalProject } from '@/client/api/projects';
import { formatDate } from '@/client/engine/format';
import { CopyButton, ResourceTags, StateIcon, TypeBadge, useStateLabel, useTypeLabel } from '@/client/engine/renderers';
import { CsvExportButton, type CsvColumn } from '@/client/engine/csv/csv-export-button';
import { paths } from '@/schema-runtime/pages';
import { useRoleLabel } from '@/client/engine/people/use-role-label';

/** The memberships as a table; the name opens the membership. */
export function MembershipsTable({ projects, userId }: { projects: readonly PortalProject[]; userId: number }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const stateLabel = useStateLabel();
  const typeLabel = useTypeLabel();
  const roleOf = (project: PortalProject) => project.userproject_set?.find((m) => m.user.id === userId)?.role.name;
  const exported: CsvColumn<PortalProject>[] = [
    {
      header: t('memberships.columns.state'),
      text: (p) => stateLabel(p.state.name, 'user'),
    },
    { header: t('memberships.columns.name'), text: (p) => p.name },
    { header: t('memberships.columns.identifier'), text: (p) => p.identifier },
    {
      header: t('memberships.columns.type'),
      text: (p) => typeLabel(p.project_type.name),
    },
    {
      header: t('memberships.columns.role'),
      text: (p) => (roleOf(p) ? roleLabel(roleOf(p)!) : ''),
    },
    {
      header: t('memberships.columns.duration'),
      text: (p) => `${formatDate(p.date_start)} – ${formatDate(p.date_end)}`,
    },
    {
      header: t('memberships.columns.resources'),
      text: (p) => (p.staff_resources_type ?? []).map((r) => r.label ?? r.value).join(', '),
    },
  ];
  return (
    <>
      <Table celled unstackable data-testid="memberships-table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell collapsing>{t('memberships.columns.state')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.columns.name')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.columns.identifier')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.columns.type')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.columns.role')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.columns.duration')}</Table.HeaderCell>
            <Table.HeaderCell>{t('memberships.columns.resources')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {projects.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={7} textAlign="center" className="empty-text">
                {t('memberships.empty')}
              </Table.Cell>
            </Table.Row>
          )}
          {projects.map((project) => {
            const role = roleOf(project);
            return (
              <Table.Row key={project.id} data-project={project.identifier}>
                <Table.Cell textAlign="center">
                  <StateIcon state={project.state.name} audience="user" />
                </Table.Cell>
                <Table.Cell>
                  <Link to={paths.membershipDetail.href(project.identifier)}>{project.name}</Link>
                </Table.Cell>
                <Table.Cell singleLine>
                  {project.identifier} <CopyButton value={project.identifier} what="projectCode" />
                </Table.Cell>
                <Table.Cell>
                  <TypeBadge type={project.project_type.name} finance={project.croris_finance} />
                </Table.Cell>
                <Table.Cell>{role ? roleLabel(role) : ''}</Table.Cell>
                <Table.Cell singleLine>
                  {formatDate(project.date_start)} – {formatDate(project.date_end)}
                </Table.Cell>
                <Table.Cell>
                  <ResourceTags tags={project.staff_resources_type} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table>
      <CsvExportButton fileName="memberships.csv" columns={exported} rows={projects} />
    </>
  );
}
