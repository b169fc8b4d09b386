import { useTranslation } from 'react-i18next';
import { Table } from 'semantic-ui-react';
import type { RegistryProject } from '@generated';
import { registryLinks } from './registry-links';

/** Registry projects with title (linking to the registry's page), the user's role, start and end. */
export function RegistryProjectsTable({ projects, role, testId }: { projects: readonly RegistryProject[]; role: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table celled compact unstackable data-testid={testId}>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t('myInfo.title')}</Table.HeaderCell>
          <Table.HeaderCell width={2}>{t('myInfo.role')}</Table.HeaderCell>
          <Table.HeaderCell width={2}>{t('myInfo.start')}</Table.HeaderCell>
          <Table.HeaderCell width={2}>{t('myInfo.end')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {projects.length === 0 && (
          <Table.Row>
            <Table.Cell colSpan={4} textAlign="center">
              <em>{t('myInfo.noProjects')}</em>
            </Table.Cell>
          </Table.Row>
        )}
        {projects.map((project) => (
          <Table.Row key={project.croris_id}>
            <Table.Cell>
              <a href={registryLinks.project(project.croris_id)} target="_blank" rel="noreferrer">
                {project.title}
              </a>
            </Table.Cell>
            <Table.Cell>{role}</Table.Cell>
            <Table.Cell>{project.start}</Table.Cell>
            <Table.Cell>{project.end}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
