import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Loader, Message, Table } from 'semantic-ui-react';
import { useScienceUsageQuery, type ScienceUsage, type ScienceUsageQuery, type UsageRow } from '@/client/api/accounting';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { numberFormat } from '@/client/engine/locale-format';
import { useToast } from '@/client/shared/toast/use-toast';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { PeriodField, type PeriodChoice } from './accounting-toolbar';
import { UsageChart } from './usage-chart';
import { allZero, seriesOf, type ColumnNaming } from './usage-series';
import './accounting.css';

type Lang = 'hr' | 'en';
type Cluster = ScienceUsage['clusters'][number];

const clusterRules = perSchemaSet(() => schemas.vocabulary<{ label: { hr: string; en: string } }>('rules/clusters'));

/** A two-button choice (native buttons with aria-pressed, as the accounting toolbar's). */
function Choice<T extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: T; options: { value: T; text: string }[]; onChange: (v: T) => void }) {
  return (
    <Form.Field>
      <label id={`${id}-label`}>{label}</label>
      <Button.Group role="group" aria-labelledby={`${id}-label`}>
        {options.map((o) => (
          <Button key={o.value} type="button" active={value === o.value} aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
            {o.text}
          </Button>
        ))}
      </Button.Group>
    </Form.Field>
  );
}

/** The window's totals per column of one cluster, with each column's share of the cluster's hours. */
function TotalsTable({ cluster, title, label, lang }: { cluster: Cluster; title: string; label: (key: string) => string; lang: Lang }) {
  const { t } = useTranslation();
  const number = numberFormat(lang, { maximumFractionDigits: 1 });
  const percent = (part: number, all: number) => (all > 0 ? `${number.format((part / all) * 100)} %` : '–');
  const keys = Object.keys(cluster.totals.cpuh);
  const gpu = cluster.totals.gpuhAll > 0;
  return (
    <div className="science-usage-totals">
      <Table compact unstackable celled aria-label={title}>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell scope="col">{t('scienceUsage.column')}</Table.HeaderCell>
            <Table.HeaderCell scope="col" textAlign="right">{t('accounting.cpuh')}</Table.HeaderCell>
            <Table.HeaderCell scope="col" textAlign="right">{t('scienceUsage.share')}</Table.HeaderCell>
            {gpu && <Table.HeaderCell scope="col" textAlign="right">{t('accounting.gpuh')}</Table.HeaderCell>}
            {gpu && <Table.HeaderCell scope="col" textAlign="right">{t('scienceUsage.share')}</Table.HeaderCell>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {keys.map((key) => (
            <Table.Row key={key} data-column={key}>
              <Table.Cell>{label(key)}</Table.Cell>
              <Table.Cell textAlign="right">{number.format(cluster.totals.cpuh[key])}</Table.Cell>
              <Table.Cell textAlign="right">{percent(cluster.totals.cpuh[key], cluster.totals.cpuhAll)}</Table.Cell>
              {gpu && <Table.Cell textAlign="right">{number.format(cluster.totals.gpuh[key] ?? 0)}</Table.Cell>}
              {gpu && <Table.Cell textAlign="right">{percent(cluster.totals.gpuh[key] ?? 0, cluster.totals.gpuhAll)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row>
            <Table.HeaderCell scope="row">{t('scienceUsage.total')}</Table.HeaderCell>
            <Table.HeaderCell textAlign="right">{number.format(cluster.totals.cpuhAll)}</Table.HeaderCell>
            <Table.HeaderCell />
            {gpu && <Table.HeaderCell textAlign="right">{number.format(cluster.totals.gpuhAll)}</Table.HeaderCell>}
            {gpu && <Table.HeaderCell />}
          </Table.Row>
        </Table.Footer>
      </Table>
    </div>
  );
}

/**
 * /ui/science-usage (staff): CPU and GPU hours per cluster split by the projects' declared science
 * domain (or field) shares, per month or year, as stacked charts with CSV, and the period's totals.
 */
export default function ScienceUsagePage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'hr';
  const [by, setBy] = useState<ScienceUsageQuery['by']>('domain');
  const [period, setPeriod] = useState<ScienceUsageQuery['period']>('month');
  const [window, setWindow] = useState<PeriodChoice>(schemas.constants.accountingDefaultRange as PeriodChoice);
  const query: ScienceUsageQuery = { by, period, ...(typeof window === 'number' ? { year: window } : { range: window }) };
  const { data, error, isFetching } = useScienceUsageQuery(query);
  useEffect(() => {
    if (isApiError(error)) toast.error(apiErrorText(t('accounting.loadFailed'), error), { id: 'science-usage-fetch' });
  }, [error, t, toast]);

  const naming: ColumnNaming = useMemo(() => {
    const columns = new Map((data?.columns ?? []).map((c) => [c.key, c]));
    return {
      label: (key: string) => {
        const column = columns.get(key);
        if (!column) return key;
        return column.domain ? `${column.label[lang]} (${column.domain[lang]})` : column.label[lang];
      },
      periodHeader: t(period === 'month' ? 'scienceUsage.monthHeader' : 'scienceUsage.yearHeader'),
    };
  }, [data, lang, period, t]);
  const labelOf = (name: string) => clusterRules().find((c) => c.value === name)?.label[lang] ?? name;
  const chartRows = (cluster: Cluster, field: 'cpuh' | 'gpuh'): UsageRow[] => cluster.rows.map((r) => ({ ...r[field], month: r.period }));

  return (
    <section data-page="science-usage" className="accounting-page">
      <Header as="h1">{t('titles.scienceUsage')}</Header>
      <p className="science-usage-intro">{t('scienceUsage.intro')}</p>
      <Form className="accounting-toolbar" as="div">
        <Form.Group widths="equal" unstackable={false}>
          <Choice
            id="science-usage-split"
            label={t('scienceUsage.split')}
            value={by}
            onChange={setBy}
            options={[
              { value: 'domain', text: t('scienceUsage.byDomain') },
              { value: 'field', text: t('scienceUsage.byField') },
            ]}
          />
          <Choice
            id="science-usage-step"
            label={t('scienceUsage.period')}
            value={period}
            onChange={setPeriod}
            options={[
              { value: 'month', text: t('scienceUsage.monthly') },
              { value: 'year', text: t('scienceUsage.yearly') },
            ]}
          />
          <PeriodField id="science-usage-window" label={t('scienceUsage.window')} period={window} years={data?.years ?? []} onPeriod={setWindow} />
        </Form.Group>
      </Form>
      {!data && isFetching && <Loader active inline="centered" content={t('accounting.loading')} />}
      {data && !data.clusters.length && !isFetching && (
        <Message info data-testid="accounting-empty">
          {t('accounting.empty')}
        </Message>
      )}
      <div className={isFetching ? 'accounting-charts accounting-refreshing' : 'accounting-charts'} aria-busy={isFetching}>
        {data?.clusters.map((cluster) => {
          const title = labelOf(cluster.cluster);
          const gpuRows = chartRows(cluster, 'gpuh');
          return (
            <div key={cluster.cluster} className="cluster-charts" data-cluster={cluster.cluster}>
              <Header as="h2" size="medium">
                {title}
              </Header>
              <UsageChart
                id={`${cluster.cluster}-cpuh-${by}-${period}`}
                title={t('accounting.chartTitle', { cluster: title, what: t('accounting.cpuh') })}
                rows={chartRows(cluster, 'cpuh')}
                filter=""
                names={{}}
                naming={naming}
              />
              {!allZero(seriesOf(gpuRows, '')) && (
                <UsageChart
                  id={`${cluster.cluster}-gpuh-${by}-${period}`}
                  title={t('accounting.chartTitle', { cluster: title, what: t('accounting.gpuh') })}
                  rows={gpuRows}
                  filter=""
                  names={{}}
                  naming={naming}
                />
              )}
              <TotalsTable cluster={cluster} title={t('scienceUsage.totals', { cluster: title })} label={naming.label!} lang={lang} />
            </div>
          );
        })}
      </div>
    </section>
  );
}
