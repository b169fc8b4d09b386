import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from 'semantic-ui-react';
import type { ClusterUsage, UsageForecast } from '@/client/api/accounting';
import { formatDate } from '@/client/engine/format';
import { useNumber } from '@/client/engine/use-number';
import { usePhone } from '@/client/shared/use-phone';
import { UsageChart, type ChartLine } from './usage-chart';
import { allZero, seriesOf, totalOf } from './usage-series';
import { stackForecast } from './forecast-line';

/** The forecast of several projects' stack: a dark neutral, apart from every project's colour. */
const TOTAL_FORECAST_COLOUR = '#333333';

export interface ClusterChartsProps {
  cluster: string;
  title: string;
  usage: ClusterUsage;
  cumulative: boolean;
  filter: string;
  names: Record<string, string>;
  /** Forecasts by project and cluster (project-accounting page only). */
  forecast?: Record<string, Record<string, UsageForecast>>;
}

/**
 * A cluster's CPU-hour chart and, when it has any, its GPU-hour chart; forecasts under the CPU chart.
 * They fold under the cluster's name and its hours in the period: open at a desk, folded on a phone,
 * where the totals are what fits the first screen and the charts (their code too) load once opened.
 */
export function ClusterCharts({ cluster, title, usage, cumulative, filter, names, forecast }: ClusterChartsProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const mode = cumulative ? 'cumulative' : 'monthly';
  const number = useNumber();
  const forecasts = useMemo(
    () =>
      Object.entries(forecast ?? {})
        .filter(([project, byCluster]) => byCluster[cluster] && (!filter || filter === project))
        .map(([project, byCluster]) => ({ project, f: byCluster[cluster] })),
    [forecast, cluster, filter],
  );
  // One line for the stack the bars draw (see stackForecast); the sentences read the same bars.
  const cumulativeRows = usage.cumulative.cpuh;
  const stack = useMemo(() => stackForecast(cumulativeRows, forecasts, filter), [cumulativeRows, forecasts, filter]);
  const lines: ChartLine[] = useMemo(() => {
    if (!cumulative || !stack.points.length) return [];
    // Named after its project only when that project is the whole stack.
    const columns = seriesOf(cumulativeRows, filter);
    const single = columns.length === 1 && forecasts.length === 1 && columns[0].key === forecasts[0].project ? forecasts[0].project : undefined;
    return [
      single
        ? { key: single, name: t('accounting.forecastSeries', { project: single }), points: stack.points }
        : { key: '', name: t('accounting.forecastTotalSeries'), points: stack.points, color: TOTAL_FORECAST_COLOUR },
    ];
  }, [cumulative, stack, forecasts, cumulativeRows, filter, t]);
  const gpuRows = usage[mode].gpuh;
  const showGpu = !allZero(seriesOf(gpuRows, filter));
  const hours = [`${number.format(totalOf(usage.monthly.cpuh, filter))} ${t('accounting.cpuh')}`];
  if (showGpu) hours.push(`${number.format(totalOf(usage.monthly.gpuh, filter))} ${t('accounting.gpuh')}`);
  return (
    <details className="cluster-charts" data-cluster={cluster} open={!phone}>
      <summary>
        <Header as="h2" size="medium">
          {title}
        </Header>
        <span className="cluster-totals" data-testid="cluster-totals">
          {t('accounting.periodTotal', { hours: hours.join(' · ') })}
        </span>
      </summary>
      <UsageChart
        id={`${cluster}-cpuh-${mode}`}
        title={t('accounting.chartTitle', { cluster: title, what: t('accounting.cpuh') })}
        rows={usage[mode].cpuh}
        filter={filter}
        names={names}
        lines={lines}
      />
      {forecasts.map(({ project, f }) => (
        <p key={project} className="accounting-forecast" data-forecast={project}>
          {t('accounting.forecast', {
            project,
            cluster: title,
            atEnd: number.format(stack.figures[project]?.atEnd ?? f.atEnd),
            soFar: number.format(stack.figures[project]?.soFar ?? f.soFar),
            end: formatDate(f.endDate),
          })}
        </p>
      ))}
      {showGpu && (
        <UsageChart
          id={`${cluster}-gpuh-${mode}`}
          title={t('accounting.chartTitle', { cluster: title, what: t('accounting.gpuh') })}
          rows={gpuRows}
          filter={filter}
          names={names}
        />
      )}
    </details>
  );
}
