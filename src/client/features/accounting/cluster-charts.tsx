import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from 'semantic-ui-react';
import type { ClusterUsage, UsageForecast } from '../../api/accounting';
import { formatDate } from '../../engine/format';
import { UsageChart, type ChartLine } from './usage-chart';
import { allZero, seriesOf } from './usage-series';

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

/** A cluster's CPU-hour chart and, when it has any, its GPU-hour chart; forecasts under the CPU chart. */
export function ClusterCharts({ cluster, title, usage, cumulative, filter, names, forecast }: ClusterChartsProps) {
  const { t, i18n } = useTranslation();
  const mode = cumulative ? 'cumulative' : 'monthly';
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'hr-HR', { maximumFractionDigits: 0 });
  const forecasts = useMemo(
    () =>
      Object.entries(forecast ?? {})
        .filter(([project, byCluster]) => byCluster[cluster] && (!filter || filter === project))
        .map(([project, byCluster]) => ({ project, f: byCluster[cluster] })),
    [forecast, cluster, filter],
  );
  // The cumulative bars count from the start of the window shown, the forecast from the project's
  // start: the line is moved to continue the project's bar of the current month.
  const cumulativeRows = usage.cumulative.cpuh;
  const lines: ChartLine[] = useMemo(() => {
    if (!cumulative) return [];
    return forecasts.flatMap(({ project, f }) => {
      const current = cumulativeRows.find((r) => r.month === f.months[0]?.month);
      if (!current) return [];
      const offset = Number(current[project] ?? 0) - f.soFar;
      return [{ key: project, name: t('accounting.forecastSeries', { project }), points: f.months.map((m) => ({ month: m.month, value: Math.round((m.cpuh + offset) * 100) / 100 })) }];
    });
  }, [cumulative, forecasts, cumulativeRows, t]);
  const gpuRows = usage[mode].gpuh;
  const showGpu = !allZero(seriesOf(gpuRows, filter));
  return (
    <div className="cluster-charts" data-cluster={cluster}>
      <Header as="h2" size="medium">
        {title}
      </Header>
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
            atEnd: number.format(f.atEnd),
            soFar: number.format(f.soFar),
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
    </div>
  );
}
