import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Header, Loader, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useGrantsQuery } from '@/client/api/grants';
import { useMyLeadProjectsQuery } from '@/client/api/projects';
import { useLeadReadinessQuery } from '@/client/api/readiness';
import { isAdmin, useSessionQuery } from '@/client/api/session';
import { formatDate, formatDateTime, padRows } from '@/client/engine/format';
import { CsvExportButton, type CsvColumn } from '@/client/engine/csv/csv-export-button';
import { useStateLabel, useTypeLabel } from '@/client/engine/renderers';
import type { PortalProject } from '@/client/api/projects';
import { paths } from '@/schema-runtime/pages';
import { useToast } from '@/client/shared/toast/use-toast';
import { ExtensionModal } from './extension-modal';
import { MyRequestRow } from './my-request-row';
import { GrantNotices } from './grant-notices';
import { FirstSteps } from './first-steps';
import './my-requests.css';

const COLUMNS = ['state', 'submitted', 'name', 'code', 'type', 'duration', 'actions'] as const;

/**
 * /ui/my-requests: the projects the user leads, newest first, padded to five rows. Also
 * /ui/my-requests/extend/:projId, which opens the extension request of that project over the list.
 */
export default function MyRequestsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { projId } = useParams();
  const session = useSessionQuery();
  const projects = useMyLeadProjectsQuery();
  // Members who cannot compute yet: a small warning on the project's row (a failed load shows none).
  const readiness = useLeadReadinessQuery();
  // The grant notices stand above the list: asked for at once, and the list is shown when all three
  // answers are in, so nothing moves once it is on screen (a notice arriving later pushed it down).
  const grants = useGrantsQuery({});
  const settled = !projects.isLoading && !readiness.isLoading && !grants.isLoading;
  const isStaff = isAdmin(session.data?.userdetails);

  useEffect(() => {
    if (isApiError(projects.error)) toast.error(apiErrorText(t('myRequests.loadFailed'), { ...projects.error, message: '' }), { id: 'my-requests-fetch' });
  }, [projects.error, t, toast]);

  const stateLabel = useStateLabel();
  const typeLabel = useTypeLabel();
  const rows = projects.data ?? [];
  const exported: CsvColumn<PortalProject>[] = [
    { header: t('myRequests.state'), text: (p) => stateLabel(p.state.name, 'user') },
    { header: t('myRequests.submitted'), text: (p) => formatDateTime(p.date_submitted) },
    {
      header: t('myRequests.name'),
      text: (p) => [p.name, (p.staff_resources_type ?? []).map((r) => r.label ?? r.value).join(', ')].filter(Boolean).join(' / '),
    },
    { header: t('myRequests.code'), text: (p) => p.identifier },
    { header: t('myRequests.type'), text: (p) => typeLabel(p.project_type.name) },
    { header: t('myRequests.duration'), text: (p) => `${formatDate(p.date_start)} – ${formatDate(p.date_end)}` },
  ];
  const extending = projId ? rows.find((p) => p.identifier === projId) : undefined;
  return (
    <section data-page="my-requests">
      <Header as="h1">{t('titles.myRequests')}</Header>
      {settled ? (
        <>
          {projects.isSuccess && rows.length === 0 && <FirstSteps />}
          <GrantNotices linkAccounting={session.data?.config.enable_accounting === true} />
          <Table celled unstackable className="padded-table my-requests-table">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.HeaderCell key={column} textAlign={column === 'state' || column === 'actions' ? 'center' : undefined}>
                    {t(`myRequests.${column}`)}
                  </Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {padRows(rows).map((project, i) =>
                project ? (
                  <MyRequestRow
                    key={project.identifier}
                    project={project}
                    isStaff={isStaff}
                    readiness={readiness.data?.find((r) => r.identifier === project.identifier)}
                    onExtend={() => navigate(paths.extendRequest.href(project.identifier))}
                  />
                ) : (
                  <Table.Row key={`pad-${i}`} className="padding-row">
                    <Table.Cell colSpan={COLUMNS.length} textAlign="center" className="empty-text">
                      {i === 0 && projects.isSuccess ? t('myRequests.empty') : '\u00a0'}
                    </Table.Cell>
                  </Table.Row>
                ),
              )}
            </Table.Body>
          </Table>
          <CsvExportButton fileName="my-requests.csv" columns={exported} rows={rows} />
        </>
      ) : (
        <div className="my-requests-loading">
          <Loader active inline="centered" />
        </div>
      )}
      {extending && <ExtensionModal project={extending} graceConfig={session.data?.config} onClose={() => navigate(paths.myRequests.href)} />}
    </section>
  );
}
