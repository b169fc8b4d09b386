import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { NEAR_VIEW_MARGIN, useNearViewport } from '@/client/shared/use-near-viewport';
import { Loader } from 'semantic-ui-react';
import type { ApexAxisChartSeries, ApexOptions } from 'apexcharts';

// ApexCharts is a chunk of its own, asked for only once a chart is about to be seen.
const ReactApexChart = lazy(() => import(/* webpackChunkName: "apexcharts" */ './chart-runtime'));

/**
 * What ApexCharts adds below an axis chart's height in its container (`chart.parentHeightOffset`,
 * which the portal's charts leave at its default): the place of a chart not yet drawn has it too.
 */
export const APEX_PARENT_HEIGHT_OFFSET = 15;

/** Below this width ApexCharts applies a chart's `responsive` options (its breakpoint compares the window's width). */
export const CHART_PHONE_BREAKPOINT = 768;

export interface ChartOnViewProps {
  options: ApexOptions;
  series: ApexAxisChartSeries;
  type: 'bar' | 'line';
  /** The chart's height in pixels, which its place keeps before it is drawn. */
  height: number;
  /** Its height below `CHART_PHONE_BREAKPOINT`, when its `responsive` options change it there. */
  phoneHeight?: number;
}

/**
 * An ApexCharts chart drawn once it is about to be seen. Until then (and while its code loads) its
 * place has the chart's height, so nothing below it moves when it appears. A chart inside a closed
 * `<details>` is not seen, so it loads when the details open.
 */
export function ChartOnView({ options, series, type, height, phoneHeight = height }: ChartOnViewProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(element, NEAR_VIEW_MARGIN);
  const style = { '--chart-height': `${height + APEX_PARENT_HEIGHT_OFFSET}px`, '--chart-phone-height': `${phoneHeight + APEX_PARENT_HEIGHT_OFFSET}px` } as CSSProperties;
  return (
    <div ref={setElement} className="chart-on-view" style={style} data-chart-drawn={near || undefined}>
      {near && (
        <Suspense fallback={<Loader active inline="centered" />}>
          <ReactApexChart options={options} series={series} type={type} height={height} width="100%" />
        </Suspense>
      )}
    </div>
  );
}
