/**
 * The one way a benchmark prints a figure and judges it against its budget, so every figure of
 * `npm run bench` reads alike:
 *
 *     login                              137.2 KB     budget ≤ 100 KB   OVER BUDGET by 37.2 KB
 *     edit saved → in force (5 edits)    p50   487.3  p95   591.7  max   591.7 ms   budget p95 ≤ 2000 ms
 *
 * (labels are padded wider than here). A line indented under a figure (`note`) says what it counted.
 *
 * A budget is a bound the figure may reach: `{ max }` for a figure that should stay low (a time,
 * a size), `{ min }` for one that should stay high (a score, a throughput). The bound is inclusive
 * everywhere: a figure equal to its budget is within it, as "≤" and "≥" say.
 */
import { cpus, loadavg } from 'node:os';

export type Budget = { max: number } | { min: number };

/** Labels are padded to this width so values and budgets line up (a longer label pushes them right). */
const LABEL_WIDTH = 64;

/** True when `value` is within `budget` (bounds inclusive, see the header). */
export function withinBudget(value: number, budget: Budget): boolean {
  return 'max' in budget ? value <= budget.max : value >= budget.min;
}

/** "budget ≤ 50 ms" (the bound with at most `digits` decimals), and the verdict when `value` is over it. */
function judged(value: number, unit: string, budget: Budget | undefined, digits: number, what = ''): string {
  if (!budget) return '';
  const [sign, bound] = 'max' in budget ? ['≤', budget.max] : ['≥', budget.min];
  const text = `  budget ${what}${sign} ${Number(bound.toFixed(digits))}${unit ? ` ${unit}` : ''}`;
  if (withinBudget(value, budget)) return text;
  return `${text}   OVER BUDGET by ${Math.abs(value - bound).toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

/**
 * The printed line of one figure: the padded label, the value with `digits` decimals and its unit,
 * and — with a budget — the budget and a trailing "OVER BUDGET by …" when the value is over it.
 */
export function figureLine(label: string, value: number, unit: string, budget?: Budget, digits = 1): string {
  return `${label.padEnd(LABEL_WIDTH)} ${value.toFixed(digits).padStart(9)} ${unit.padEnd(5)}${judged(value, unit, budget, digits)}`.trimEnd();
}

/** Prints `figureLine(…)`; returns false when the figure is over its budget (true without one). */
export function figure(label: string, value: number, unit: string, budget?: Budget, digits = 1): boolean {
  console.log(figureLine(label, value, unit, budget, digits));
  return !budget || withinBudget(value, budget);
}

/**
 * The `p`th percentile of `values` by nearest rank: the smallest value that at least p% of the
 * values are at or below (`sorted[ceil(p/100 · n) - 1]`). It is always one of the measured values,
 * the median of an even count is the lower middle one, p 0 is the minimum and p 100 the maximum.
 * Does not sort `values` in place.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('no values to take a percentile of');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Timings {
  p50: number;
  p95: number;
  max: number;
}

/** p50, p95 (nearest rank, see `percentile`) and the maximum of a list of times. */
export function timings(ms: readonly number[]): Timings {
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: percentile(ms, 100) };
}

/** The printed line of a list of times: p50, p95 and max in ms, the p95 judged against `budget`. */
export function timingLine(label: string, ms: readonly number[], budget?: Budget): string {
  const t = timings(ms);
  const values = `p50 ${t.p50.toFixed(1).padStart(7)}  p95 ${t.p95.toFixed(1).padStart(7)}  max ${t.max.toFixed(1).padStart(7)} ms`;
  return `${label.padEnd(LABEL_WIDTH)} ${values} ${judged(t.p95, 'ms', budget, 1, 'p95 ')}`.trimEnd();
}

/**
 * Prints `timingLine(…)`; returns the timings. A p95 is judged, not the max: one slow call (a
 * garbage collection, the machine's other work) should not decide a figure, most calls should.
 */
export function timingFigure(label: string, ms: readonly number[], budget?: Budget): Timings {
  console.log(timingLine(label, ms, budget));
  return timings(ms);
}

/** Prints an indented line that explains the figure above it (what it counted, where its bytes go). */
export function note(text: string): void {
  console.log(`    ${text}`);
}

/** Prints the machine's load average and cores: a figure from a busy machine reads differently. */
export function machineLoad(): void {
  console.log(`(machine load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores)`);
}
