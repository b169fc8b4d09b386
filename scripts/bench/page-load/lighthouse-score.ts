/**
 * Lighthouse's performance score (v10 and later, mobile), from the figures the page-load bench can
 * measure. Each metric scores on a log-normal curve through Lighthouse's published control points
 * (the value that scores 0.9 and the one that scores 0.5); the score is their weighted mean. Speed
 * Index needs screenshots, which the bench does not take: its weight is left out and the others
 * are scaled up, so the figure is "score-like", not Lighthouse's number.
 */

export interface PageFigures {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface Curve {
  /** The value that scores 0.9. */
  p10: number;
  /** The value that scores 0.5. */
  median: number;
  weight: number;
}

/** Lighthouse's mobile curves and weights (Speed Index, 10%, is the one missing). */
const CURVES: Record<keyof PageFigures, Curve> = {
  fcpMs: { p10: 1800, median: 3000, weight: 0.1 },
  lcpMs: { p10: 2500, median: 4000, weight: 0.25 },
  tbtMs: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
};

/** erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7): plenty for a score in whole points. */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-x * x));
}

/** The 0–1 score of one value on a curve: 0.9 at `p10`, 0.5 at `median`, 1 at zero. */
export function curveScore(value: number, curve: Pick<Curve, 'p10' | 'median'>): number {
  if (value <= 0) return 1;
  const inverseErfcOneFifth = 0.9061938024368232;
  const standardized = (Math.log(value / curve.median) * inverseErfcOneFifth) / -Math.log(curve.p10 / curve.median);
  return Math.min(1, Math.max(0, (1 - erf(standardized)) / 2));
}

/** The weighted 0–100 score of a page's figures (see the header for what it leaves out). */
export function performanceScore(figures: PageFigures): number {
  let sum = 0;
  let weights = 0;
  for (const key of Object.keys(CURVES) as (keyof PageFigures)[]) {
    sum += curveScore(figures[key], CURVES[key]) * CURVES[key].weight;
    weights += CURVES[key].weight;
  }
  return Math.round((sum / weights) * 100);
}
