import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Header, Icon, Loader, Segment, Table } from 'semantic-ui-react';
import { useGrantsOverThresholdQuery, useLeastEfficientQuery } from '@/client/api/grants';
import { formatDate } from '@/client/engine/format';
import { HeadRow, ScrollBox, type ColumnHead } from '@/client/engine/grants/grant-table';
import { useNumber } from '@/client/engine/use-number';
import { paths } from '@/schema-runtime/pages';
import './accounting.css';

/** One list of the page: its heading, a loader, the text for no rows, or the table. */
function ListSection(props: { testId: string; title: string; loading: boolean; count: number | undefined; none: string; columns: ColumnHead[]; children: ReactNode }) {
  return (
    <Segment data-testid={props.testId}>
      <Header as="h2" size="medium">
        {props.title}
      </Header>
      {props.loading && <Loader active inline="centered" size="small" />}
      {props.count === 0 && <p>{props.none}</p>}
      {props.count !== undefined && props.count > 0 && (
        <ScrollBox label={props.title}>
          <Table compact celled unstackable size="small">
            <HeadRow columns={props.columns} />
            <Table.Body>{props.children}</Table.Body>
          </Table>
        </ScrollBox>
      )}
    </Segment>
  );
}

/** /ui/hours-granted (staff): the projects over a threshold of their grant, and the least efficient projects of last month. */
export default function HoursGrantedPage() {
  const { t } = useTranslation();
  const over = useGrantsOverThresholdQuery();
  const least = useLeastEfficientQuery({});
  const number = useNumber(1);
  const percent = (v: number | null) => (v === null ? t('grants.unknown') : `${number.format(v)} %`);
  const project = (identifier: string, name: string) => (
    <Table.Cell>
      <Link className="grant-link" to={paths.projectDetail.href(identifier)}>{identifier}</Link> – {name}
    </Table.Cell>
  );
  const month = least.data ? `${least.data.month.slice(5)}/${least.data.month.slice(0, 4)}` : '';
  return (
    <section data-page="hours-granted" className="accounting-page">
      <Header as="h1">{t('titles.hoursGranted')}</Header>
      <ListSection
        testId="over-threshold"
        title={t('grants.overTitle')}
        loading={over.isLoading}
        count={over.data?.projects.length}
        none={t('grants.overNone')}
        columns={[{ label: t('accounting.project') }, { label: t('grid.columns.usedPercent'), right: true }, { label: t('grid.columns.runsOut') }, { label: t('grants.flagged') }]}
      >
        {over.data?.projects.map((p) => (
          <Table.Row key={p.identifier} data-project={p.identifier} negative={p.flagged}>
            {project(p.identifier, p.name)}
            <Table.Cell textAlign="right">{p.usedPercent === null ? '' : percent(p.usedPercent)}</Table.Cell>
            <Table.Cell>{formatDate(p.runsOut)}</Table.Cell>
            <Table.Cell>{p.flagged ? <Icon name="flag" color="red" aria-label={t('grants.flagged')} /> : ''}</Table.Cell>
          </Table.Row>
        ))}
      </ListSection>
      <ListSection
        testId="least-efficient"
        title={t('grants.leastTitle', { month })}
        loading={least.isLoading}
        count={least.data?.rows.length}
        none={t('grants.leastNone')}
        columns={[
          { label: t('accounting.project') },
          { label: t('accounting.cpuh'), right: true },
          { label: t('grants.efficiency'), right: true },
          { label: t('grants.unknownHours'), right: true },
          { label: t('grants.gpuUtilisation'), right: true },
        ]}
      >
        {least.data?.rows.map((r) => (
          <Table.Row key={r.project} data-project={r.project} negative={r.below}>
            {project(r.project, r.projectName)}
            <Table.Cell textAlign="right">{number.format(r.cpuh)}</Table.Cell>
            <Table.Cell textAlign="right">{percent(r.efficiency)}</Table.Cell>
            <Table.Cell textAlign="right">{number.format(r.cpuhUnknown)}</Table.Cell>
            <Table.Cell textAlign="right">{percent(r.gpuUtilisation)}</Table.Cell>
          </Table.Row>
        ))}
      </ListSection>
    </section>
  );
}
