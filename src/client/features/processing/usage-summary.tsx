import { useTranslation } from 'react-i18next';
import { Header, Loader, Segment, Table } from 'semantic-ui-react';
import { useProjectUsageQuery, type ClusterUsage, type UsageRow } from '@/client/api/accounting';
import { numberFormat } from '@/client/engine/locale-format';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';

const clusterRules = perSchemaSet(() => schemas.vocabulary<{ label: { hr: string; en: string } }>('rules/clusters'));

const sum = (rows: UsageRow[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

/**
 * What staff deciding on an extension need of a project's usage: per cluster, the CPU and GPU hours
 * so far, the monthly average of the last full months and, for a running project, where that
 * average leads by the end date.
 */
export function UsageSummary({ identifier }: { identifier: string }) {
  const { t, i18n } = useTranslation();
  const { data, isFetching } = useProjectUsageQuery({ range: 'all', project: identifier });
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  const number = numberFormat(lang, { maximumFractionDigits: 0 });
  const recentMonths = schemas.constants.accountingForecastMonths;
  const rows = clusterRules().flatMap((c) => {
    const usage = data?.[c.value] as ClusterUsage | undefined;
    if (!usage) return [];
    const monthly = usage.monthly.cpuh;
    // The months before the current one: the full ones.
    const recent = monthly.slice(Math.max(0, monthly.length - 1 - recentMonths), monthly.length - 1);
    return [
      {
        cluster: c.value,
        label: c.label[lang],
        cpuh: sum(monthly, identifier),
        gpuh: sum(usage.monthly.gpuh, identifier),
        recent: recent.length ? sum(recent, identifier) / recent.length : 0,
        atEnd: data?.forecast?.[identifier]?.[c.value]?.atEnd,
      },
    ];
  });
  return (
    <Segment className="usage-summary" data-testid="usage-summary">
      <Header as="h3">{t('accounting.summary.title')}</Header>
      {isFetching && !data && <Loader active inline="centered" size="small" />}
      {data && !rows.length && <p>{t('accounting.empty')}</p>}
      {rows.length > 0 && (
        <Table compact celled unstackable size="small">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell />
              <Table.HeaderCell textAlign="right">{t('accounting.cpuh')}</Table.HeaderCell>
              <Table.HeaderCell textAlign="right">{t('accounting.summary.perMonth', { count: recentMonths })}</Table.HeaderCell>
              <Table.HeaderCell textAlign="right">{t('accounting.gpuh')}</Table.HeaderCell>
              <Table.HeaderCell textAlign="right">{t('accounting.summary.atEnd')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.cluster} data-cluster={r.cluster}>
                <Table.Cell>{r.label}</Table.Cell>
                <Table.Cell textAlign="right">{number.format(r.cpuh)}</Table.Cell>
                <Table.Cell textAlign="right">{number.format(r.recent)}</Table.Cell>
                <Table.Cell textAlign="right">{number.format(r.gpuh)}</Table.Cell>
                <Table.Cell textAlign="right">{r.atEnd === undefined ? '–' : number.format(r.atEnd)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Segment>
  );
}
