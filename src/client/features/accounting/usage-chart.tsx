import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header } from 'semantic-ui-react';
import type { ApexAxisChartSeries, ApexOptions } from 'apexcharts';
import type { UsageRow } from '@/client/api/accounting';
import { numberFormat } from '@/client/engine/locale-format';
import { schemas } from '@/client/shared/schema-set';
import { seriesOf, toCsv, type ColumnNaming } from './usage-series';
import { CHART_PHONE_BREAKPOINT, ChartOnView } from './chart-on-view';

export interface ChartLine {
  name: string;
  /** The column whose colour the line takes. */
  key: string;
  /** A colour of its own instead of its column's. */
  color?: string;
  /** Values by month label; months missing from the chart rows extend its axis. */
  points: { month: string; value: number }[];
}

export interface UsageChartProps {
  id: string;
  title: string;
  rows: UsageRow[];
  filter: string;
  names: Record<string, string>;
  /** Dashed lines drawn over the bars, from the axis like the stack (the forecast). */
  lines?: ChartLine[];
  /** Column names other than 'key – name', and the CSV's first header. */
  naming?: ColumnNaming;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One stacked bar chart (months × projects or users) with its colour legend and a CSV download. */
export function UsageChart({ id, title, rows, filter, names, lines = [], naming }: UsageChartProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { width, height } = schemas.constants.accountingChartSize;
  const palette = schemas.constants.accountingPalette as readonly string[];
  const { options, series, phoneHeight } = useMemo(() => {
    const bars = seriesOf(rows, filter);
    const columns = bars.map((b) => b.key);
    const months = [...rows.map((r) => r.month)];
    for (const line of lines) for (const p of line.points) if (!months.includes(p.month)) months.push(p.month);
    const number = numberFormat(lang, { maximumFractionDigits: 2 });
    const all = [
      ...bars.map((s) => ({ name: naming?.label ? naming.label(s.key) : names[s.key] ? `${s.key} – ${names[s.key]}` : s.key, type: 'bar', data: [...s.data, ...Array(months.length - rows.length).fill(null)] })),
      ...lines.map((line) => ({ name: line.name, type: 'line', data: months.map((m) => line.points.find((p) => p.month === m)?.value ?? null) })),
    ];
    // Below a tablet's width the legend wraps into many lines: the chart grows so the bars keep their room.
    const phone = height + 24 * (bars.length + lines.length);
    const apex: ApexOptions = {
      chart: { id, stacked: true, toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'Lato, sans-serif', zoom: { enabled: false } },
      // A forecast line takes its project's colour, or one of its own.
      colors: [
        ...bars.map((_s, i) => palette[i % palette.length]),
        ...lines.map((line) => line.color ?? palette[Math.max(0, columns.indexOf(line.key)) % palette.length]),
      ],
      plotOptions: { bar: { columnWidth: '70%' } },
      dataLabels: { enabled: false },
      stroke: { width: all.map((s) => (s.type === 'line' ? 3 : 0)), dashArray: all.map((s) => (s.type === 'line' ? 6 : 0)) },
      xaxis: { categories: months, labels: { rotate: -45 } },
      yaxis: { labels: { formatter: (v: number) => number.format(v) }, title: { text: t('accounting.hours') } },
      tooltip: { shared: true, intersect: false, y: { formatter: (v: number) => (v === null || v === undefined ? '' : number.format(v)) } },
      legend: { show: true, position: 'bottom', showForSingleSeries: true },
      responsive: [{ breakpoint: CHART_PHONE_BREAKPOINT, options: { chart: { height: phone }, legend: { fontSize: '11px' }, xaxis: { labels: { rotate: -90 } } } }],
    };
    return { options: apex, series: all, phoneHeight: phone };
  }, [rows, filter, names, lines, naming, lang, palette, t, id, height]);

  return (
    <figure className="usage-chart" data-chart={id} style={{ maxWidth: width }}>
      <div className="usage-chart-head">
        <Header as="h3" size="small">
          {title}
        </Header>
        <Button
          basic
          size="mini"
          icon="download"
          content={t('accounting.csv')}
          aria-label={t('accounting.csvLabel', { title })}
          onClick={() => download(`${id}.csv`, toCsv(rows, filter, names, naming, i18n.language === 'en' ? 'en' : 'hr'))}
        />
      </div>
      <ChartOnView options={options} series={series as ApexAxisChartSeries} type="bar" height={height} phoneHeight={phoneHeight} />
    </figure>
  );
}
