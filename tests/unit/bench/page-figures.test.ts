import { curveScore, performanceScore } from '../../../scripts/bench/page-load/lighthouse-score';
import { piecesBySource, UNMAPPED } from '../../../scripts/bench/bundle/source-map-pieces';

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
