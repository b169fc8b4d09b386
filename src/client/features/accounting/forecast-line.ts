import type { UsageForecast, UsageRow } from '@/client/api/accounting';

/** One running project's forecast on the chart's cluster. */
export interface ProjectForecast {
  project: string;
  f: UsageForecast;
}

/** The forecast line over stacked cumulative bars, and the figures its sentences state. */
export interface StackForecast {
  /** Values by month from the current month on; empty when the chart does not show the current month. */
  points: { month: string; value: number }[];
  /** Per project: its hours so far and at its end date, read from the bar of the current month. */
  figures: Record<string, { soFar: number; atEnd: number }>;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The forecast of the stack the cumulative chart draws: the top of the shown bars in the current
 * month, grown each later month by what every shown running project is forecast to add (a project
 * past its end date adds no more; one without a forecast stays as it is). Drawn from the axis, this
 * line continues the stack's top, which is what a reader compares it with; one project's forecast
 * drawn alone would sit below the stack and look like a fall.
 *
 * Each project's "so far" is its bar of the current month, and its figure at the end that bar plus
 * the forecast's growth, so the sentences and the bars state the same numbers. Without the current
 * month in the chart (a past year shown) the forecast's own figures are used and no line is drawn.
 */
export function stackForecast(cumulativeRows: readonly UsageRow[], forecasts: readonly ProjectForecast[], filter: string): StackForecast {
  const shown = forecasts.filter(({ project }) => !filter || project === filter);
  const currentMonth = shown[0]?.f.months[0]?.month;
  const current = currentMonth === undefined ? undefined : cumulativeRows.find((r) => r.month === currentMonth);
  const figures: StackForecast['figures'] = {};
  for (const { project, f } of shown) {
    const soFar = current && current[project] !== undefined ? Number(current[project]) : f.soFar;
    figures[project] = { soFar, atEnd: round2(soFar + f.atEnd - f.soFar) };
  }
  if (!current || !shown.length) return { points: [], figures };
  const top = Object.entries(current).reduce((sum, [key, value]) => (key === 'month' || (filter && key !== filter) ? sum : sum + Number(value)), 0);
  const longest = shown.reduce((a, b) => (b.f.months.length > a.f.months.length ? b : a)).f.months;
  const points = longest.map(({ month }, i) => {
    const growth = shown.reduce((sum, { f }) => {
      const reached = f.months[Math.min(i, f.months.length - 1)];
      return sum + (reached ? reached.cpuh - f.soFar : 0);
    }, 0);
    return { month, value: round2(top + growth) };
  });
  return { points, figures };
}
