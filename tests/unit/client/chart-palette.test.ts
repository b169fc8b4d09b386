import { loadSchemaSet } from '../../../src/schema-runtime/node';

/** CIE L*a*b* of an sRGB colour (#rrggbb), D65. */
function lab(hex: string): [number, number, number] {
  const linear = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92;
  });
  const [r, g, b] = linear as [number, number, number];
  const xyz = [(r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047, r * 0.2126 + g * 0.7152 + b * 0.0722, (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883];
  const [fx, fy, fz] = xyz.map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)) as [number, number, number];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 colour difference: about 2.3 is just noticeable, above 25 reads as another colour. */
function deltaE(a: string, b: string): number {
  const [x, y] = [lab(a), lab(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

describe('the accounting charts palette', () => {
  const palette = loadSchemaSet().constants.accountingPalette as readonly string[];

  it('has the spec’s 22 distinct colours', () => {
    expect(palette).toHaveLength(22);
    expect(new Set(palette.map((c) => c.toLowerCase())).size).toBe(22);
  });

  it('gives series near each other (within three places) clearly different colours, never two near-identical blues', () => {
    const close: string[] = [];
    palette.forEach((colour, i) => {
      for (const other of palette.slice(i + 1, i + 4)) if (deltaE(colour, other) < 30) close.push(`${colour} ~ ${other}: ${deltaE(colour, other).toFixed(1)}`);
    });
    expect(close).toEqual([]);
  });
});
