import { Header, Segment, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '@/client/api/projects';
import { formatDate, formatDateTime } from '@/client/engine/format';

/** The lead's extension requests of the project (end date, reason, approved). */
export function ExtensionsSection({ project }: { project: PortalProject }) {
  const { t } = useTranslation();
  const extensions = project.extensions ?? [];
  if (extensions.length === 0) return null;
  return (
    <Segment className="extensions-section">
      <Header as="h3">{t('processing.sections.extensions')}</Header>
      <Table compact celled>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t('processing.extension.submitted')}</Table.HeaderCell>
            <Table.HeaderCell>{t('processing.extension.dateEnd')}</Table.HeaderCell>
            <Table.HeaderCell>{t('processing.extension.reason')}</Table.HeaderCell>
            <Table.HeaderCell>{t('processing.extension.approved')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {extensions.map((e) => (
            <Table.Row key={e.id ?? e.date_end}>
              <Table.Cell>{formatDateTime(e.date_submitted)}</Table.Cell>
              <Table.Cell>{formatDate(e.date_end)}</Table.Cell>
              <Table.Cell>{e.reason}</Table.Cell>
              <Table.Cell>{e.approved ? t('common.yes') : t('common.no')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Segment>
  );
}
