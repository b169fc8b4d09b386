import { numberFormat, prepareNumberFormat, weekdayName } from '../../../src/client/engine/locale-format';

describe('numberFormat', () => {
  it('writes numbers as the interface language does: a decimal comma in Croatian, a point in English', () => {
    expect(numberFormat('hr', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1.234,6');
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('hr', { style: 'percent', maximumFractionDigits: 1 }).format(0.125)).toMatch(/^12,5\s?%$/);
  });

  it('makes one formatter per language and options, and hands it out again', () => {
    const first = numberFormat('hr', { maximumFractionDigits: 2 });
    expect(numberFormat('hr', { maximumFractionDigits: 2 })).toBe(first);
    expect(numberFormat('en', { maximumFractionDigits: 2 })).not.toBe(first);
    expect(numberFormat('hr', { maximumFractionDigits: 0 })).not.toBe(first);
  });

  it('takes any language other than English as Croatian', () => {
    expect(numberFormat('de').resolvedOptions().locale).toBe('hr-HR');
    expect(weekdayName(1, 'hr')).toBe('ponedjeljak');
    expect(weekdayName(7, 'en')).toBe('Sunday');
  });
});

describe('prepareNumberFormat', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('makes the language’s formatter in a task of its own, and the page’s first number then makes none', () => {
    jest.useFakeTimers();
    const made = jest.spyOn(Intl, 'NumberFormat');
    prepareNumberFormat('en');
    expect(made).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(made).toHaveBeenCalledTimes(1);
    expect(made).toHaveBeenLastCalledWith('en-GB', { maximumFractionDigits: 0 });
    expect(numberFormat('en', { maximumFractionDigits: 0 }).format(1234)).toBe('1,234');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
