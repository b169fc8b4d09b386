import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApexAxisChartSeries, ApexOptions } from 'apexcharts';
import { schemas } from '@/client/shared/schema-set';
import { useNumber } from '@/client/engine/use-number';
import { ScrollBox } from '@/client/engine/grants/grant-table';
import { ChartOnView } from './chart-on-view';

/** One month of a burn-down: hours left of the grant, as used (so far) or as forecast (from now on). */
export interface BurnDownPoint {
  month: string;
  left: number | null;
  forecast: number | null;
}

/**
 * The hours left of a grant month by month, and from the current month the forecast at the current
 * rate, with the same figures as a table for screen readers and for reading exact values.
 */
export function BurnDownChart({ id, title, points }: { id: string; title: string; points: BurnDownPoint[] }) {
  const { t } = useTranslation();
  const { height } = schemas.constants.accountingChartSize;
  const number = useNumber();
  const { options, series } = useMemo(() => {
    const apex: ApexOptions = {
      chart: { id, toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'Lato, sans-serif', zoom: { enabled: false } },
      colors: ['#2185d0', '#b35c00'],
      stroke: { width: [3, 3], dashArray: [0, 6] },
      dataLabels: { enabled: false },
      xaxis: { categories: points.map((p) => p.month), labels: { rotate: -45 } },
      yaxis: { min: 0, labels: { formatter: (v: number) => number.format(v) }, title: { text: t('grants.hoursLeft') } },
      tooltip: { shared: true, intersect: false, y: { formatter: (v: number) => (v === null || v === undefined ? '' : number.format(v)) } },
      legend: { show: true, position: 'bottom' },
    };
    const lines = [
      { name: t('grants.leftSeries'), type: 'line', data: points.map((p) => p.left) },
      { name: t('grants.forecastSeries'), type: 'line', data: points.map((p) => p.forecast) },
    ];
    return { options: apex, series: lines };
  }, [id, points, number, t]);
  return (
    <figure className="usage-chart burn-down-chart" data-chart={id}>
      <figcaption className="burn-down-title">{title}</figcaption>
      <ChartOnView options={options} series={series as ApexAxisChartSeries} type="line" height={height} />
      <details className="burn-down-table">
        <summary>{t('grants.tableSummary', { title })}</summary>
        <ScrollBox label={t('grants.tableSummary', { title })}>
          <table className="ui compact celled unstackable small table">
            <caption className="burn-down-caption">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('grants.month')}</th>
                <th scope="col">{t('grants.leftSeries')}</th>
                <th scope="col">{t('grants.forecastSeries')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.month}>
                  <th scope="row">{p.month}</th>
                  <td>{p.left === null ? '' : number.format(p.left)}</td>
                  <td>{p.forecast === null ? '' : number.format(p.forecast)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
