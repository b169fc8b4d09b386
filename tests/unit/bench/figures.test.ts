import { figure, figureLine, percentile, timingLine, timings, withinBudget } from '../../../scripts/bench/lib/figures';

describe("the bench's percentiles", () => {
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];

  it('takes the nearest rank: the smallest value at or above p% of the values', () => {
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile(ten, 95)).toBe(10);
    expect(percentile(ten, 0)).toBe(1);
    expect(percentile(ten, 100)).toBe(10);
  });

  it('gives the middle value as the median of an odd count and the lower middle one of an even count', () => {
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
  });

  it('takes p50, p95 and max of a list of times without reordering it', () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(timings(ms)).toEqual({ p50: 50, p95: 95, max: 100 });
    expect(ms[0]).toBe(100);
  });

  it('refuses an empty list rather than print a figure of nothing', () => {
    expect(() => percentile([], 50)).toThrow('no values');
  });
});

describe("the bench's budget judgement", () => {
  it('holds a figure at its maximum within and one just above it over', () => {
    expect(withinBudget(49.9, { max: 50 })).toBe(true);
    expect(withinBudget(50, { max: 50 })).toBe(true);
    expect(withinBudget(50.1, { max: 50 })).toBe(false);
  });

  it('holds a figure at its minimum within and one just below it over', () => {
    expect(withinBudget(90.1, { min: 90 })).toBe(true);
    expect(withinBudget(90, { min: 90 })).toBe(true);
    expect(withinBudget(89.9, { min: 90 })).toBe(false);
  });
});

describe("the bench's printed lines", () => {
  it('prints a figure within its budget as label, value, unit and budget', () => {
    expect(figureLine('login', 99.96, 'KB', { max: 100 })).toMatch(/^login +100\.0 KB +budget ≤ 100 KB$/);
  });

  it('ends a figure over its budget with OVER BUDGET and by how much', () => {
    expect(figureLine('login', 351.5, 'KB', { max: 100 })).toMatch(/^login +351\.5 KB +budget ≤ 100 KB +OVER BUDGET by 251\.5 KB$/);
    expect(figureLine('score-like', 87, '', { min: 90 }, 0)).toMatch(/^score-like +87 +budget ≥ 90 +OVER BUDGET by 3$/);
  });

  it('prints a figure without a budget with no verdict', () => {
    expect(figureLine('digest run', 1.234, 's', undefined, 2)).toMatch(/^digest run +1\.23 s$/);
  });

  it('lines up the values of figures with labels of different lengths', () => {
    const short = figureLine('TBT', 120, 'ms', { max: 200 }, 0);
    const long = figureLine('render-blocking until the first paint', 120, 'ms', { max: 200 }, 0);
    expect(short.indexOf('120')).toBe(long.indexOf('120'));
    expect(short.length).toBe(long.length);
  });

  it('prints times as p50, p95 and max with the p95 judged', () => {
    const ms = [...Array.from({ length: 19 }, () => 10), 400];
    expect(timingLine('records', ms, { max: 100 })).toMatch(/^records +p50 +10\.0 +p95 +10\.0 +max +400\.0 ms +budget p95 ≤ 100 ms$/);
    expect(timingLine('records', [...ms, 400], { max: 100 })).toMatch(/p95 +400\.0 .*budget p95 ≤ 100 ms +OVER BUDGET by 300\.0 ms$/);
  });

  it('prints the line and tells the caller whether the figure is within its budget', () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(figure('login', 351.5, 'KB', { max: 100 })).toBe(false);
      expect(figure('digest run', 1.2, 's')).toBe(true);
      expect(log.mock.calls.map(([line]) => line)).toEqual([figureLine('login', 351.5, 'KB', { max: 100 }), figureLine('digest run', 1.2, 's')]);
    } finally {
      log.mockRestore();
    }
  });
});
