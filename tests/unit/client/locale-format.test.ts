import fc from 'fast-check';
import { numberFormat } from '../../../src/client/engine/locale-format';
import { weekdayName } from '../../../src/client/engine/weekday-name';

const LANGS = [
  ['hr', 'hr-HR'],
  ['en', 'en-GB'],
] as const;

describe('numberFormat', () => {
  it('writes numbers as the interface language does: a decimal comma in Croatian, a point in English', () => {
    expect(numberFormat('hr', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1.234,6');
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('hr', { maximumFractionDigits: 0 }).format(-1234.5)).toBe('\u22121.235');
    expect(numberFormat('hr', { percent: true, maximumFractionDigits: 1 }).format(12.5)).toBe('12,5\u00a0%');
    expect(numberFormat('en', { percent: true, maximumFractionDigits: 1 }).format(12.5)).toBe('12.5%');
  });

  it.each(LANGS)('writes every number in %s digit for digit as Intl.NumberFormat(%s) does', (lang, locale) => {
    const value = fc.oneof(
      fc.double({ noNaN: false }),
      fc.double({ min: -1e7, max: 1e7 }),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.integer({ min: -1e6, max: 1e6 }).map((n) => n + 0.5),
      fc.constantFrom(0, -0, 999.995, 0.125, 1.0005, -0.001, 9.9995, 1e21, 5e-324, Number.MAX_VALUE, Infinity, -Infinity, NaN),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 3 }), (x, digits) => {
        expect(numberFormat(lang, { maximumFractionDigits: digits }).format(x)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(x));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(LANGS)('writes a percentage in %s as Intl.NumberFormat(%s) writes its fraction', (lang, locale) => {
    for (const [percentage, fraction] of [
      [0, 0],
      [12.5, 0.125],
      [37.25, 0.3725],
      [100, 1],
      [2500, 25],
    ]) {
      expect(numberFormat(lang, { percent: true, maximumFractionDigits: 1 }).format(percentage)).toBe(
        new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(fraction),
      );
    }
    expect(numberFormat(lang, { percent: true }).format(12.5)).toBe(new Intl.NumberFormat(locale, { style: 'percent' }).format(0.125));
  });

  it.each(LANGS)('reads what a chart library may hand over untyped in %s as Intl.NumberFormat(%s) does', (lang, locale) => {
    for (const value of [null, undefined, '12.5', 'x'] as unknown as number[]) {
      expect(numberFormat(lang, { maximumFractionDigits: 1 }).format(value)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value));
    }
  });

  it('never asks the browser’s Intl, whose first formatter loads its locale data', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      numberFormat('hr', { maximumFractionDigits: 2 }).format(1234.5678);
      numberFormat('en', { percent: true }).format(3);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('makes one writer per language and options, and its format can be handed around on its own', () => {
    const first = numberFormat('hr', { maximumFractionDigits: 2 });
    expect(numberFormat('hr', { maximumFractionDigits: 2 })).toBe(first);
    expect(numberFormat('en', { maximumFractionDigits: 2 })).not.toBe(first);
    expect(numberFormat('hr', { maximumFractionDigits: 0 })).not.toBe(first);
    const { format } = first;
    expect([1.5, 2000].map(format)).toEqual(['1,5', '2.000']);
  });

  it('takes any language other than English as Croatian', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(1.25)).toBe('1,3');
    expect(weekdayName(1, 'hr')).toBe('ponedjeljak');
    expect(weekdayName(7, 'en')).toBe('Sunday');
  });
});

describe('the browser’s locale data', () => {
  it('is not loaded by the grid’s code as it loads: the time zone of a page call is read at the first call', async () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      await import('../../../src/client/engine/schema-grid/use-server-pages');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
