import { curveScore, performanceScore } from '../../../scripts/bench/page-load/lighthouse-score';
import { piecesBySource, UNMAPPED } from '../../../scripts/bench/bundle/source-map-pieces';
import { calibratedCpuSlowdown, figuresOfReport, medianRun } from '../../../scripts/bench/page-load/lighthouse-run';

describe("the page-load bench's score", () => {
  it('scores 0.9 at a curve\'s p10 and 0.5 at its median, as Lighthouse does', () => {
    expect(curveScore(200, { p10: 200, median: 600 })).toBeCloseTo(0.9, 3);
    expect(curveScore(600, { p10: 200, median: 600 })).toBeCloseTo(0.5, 3);
    expect(curveScore(0, { p10: 200, median: 600 })).toBe(1);
  });

  it('gives a page at every "good" mark 90 and a fast, still page 100', () => {
    expect(performanceScore({ fcpMs: 1800, lcpMs: 2500, tbtMs: 200, cls: 0.1 })).toBe(90);
    expect(performanceScore({ fcpMs: 300, lcpMs: 400, tbtMs: 0, cls: 0 })).toBe(100);
  });
});

describe("the page-load bench's reading of Lighthouse's report", () => {
  const report = (score: number, lcp: number) => ({
    lighthouseVersion: '12.8.2',
    environment: { benchmarkIndex: 1063.5 },
    configSettings: { throttling: { cpuSlowdownMultiplier: 4 } },
    categories: { performance: { score } },
    audits: {
      'first-contentful-paint': { numericValue: 1070 },
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: 151 },
      'speed-index': { numericValue: 1510 },
      'cumulative-layout-shift': { numericValue: 0.002 },
      'largest-contentful-paint-element': { details: { items: [{ items: [{ node: { snippet: '<li class="content">' } }] }] } },
    },
  });

  it('reads the score as a whole number, the metrics in milliseconds and the host it ran on', () => {
    expect(figuresOfReport(report(0.876, 3640))).toEqual({
      version: '12.8.2',
      score: 88,
      fcpMs: 1070,
      lcpMs: 3640,
      tbtMs: 151,
      siMs: 1510,
      cls: 0.002,
      lcpElement: '<li class="content">',
      benchmarkIndex: 1064,
      cpuSlowdown: 4,
    });
  });

  it('prints the run with the median score, the lower middle of an even count', () => {
    const runs = [report(0.92, 3300), report(0.84, 3900), report(0.88, 3640)].map(figuresOfReport);
    expect(medianRun(runs)).toMatchObject({ score: 88, lcpMs: 3640 });
    expect(medianRun(runs.slice(0, 2))).toMatchObject({ score: 84 });
  });
});

describe("the bundle-size bench's source-map reading", () => {
  it('splits a minified line among the sources its mappings name', () => {
    // Line 1: columns 0–4 from a.js, 5–9 from b.js, then an unmapped segment.
    const code = 'aaaaabbbbbccc';
    const pieces = piecesBySource(code, { sources: ['a.js', 'b.js'], mappings: 'AAAA,KCAA,K' });
    expect(pieces.get('a.js')).toEqual(['aaaaa']);
    expect(pieces.get('b.js')).toEqual(['bbbbb']);
    expect(pieces.get(UNMAPPED)).toEqual(['ccc']);
  });
});

describe("the page-load bench's CPU slowdown for Lighthouse's mobile preset", () => {
  it("follows the table of Lighthouse's throttling docs by the host's benchmark index", () => {
    expect(calibratedCpuSlowdown(1982)).toBe(4);
    expect(calibratedCpuSlowdown(1500)).toBe(4);
    expect(calibratedCpuSlowdown(1344)).toBe(2);
    expect(calibratedCpuSlowdown(1000)).toBe(2);
    expect(calibratedCpuSlowdown(812)).toBe(1);
  });

  it('refuses a report without a benchmark index rather than guess', () => {
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(/no benchmark index/);
  });
});
