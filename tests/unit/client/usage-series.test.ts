import { allZero, clustersWithUsage, pickerOptions, seriesOf, toCsv, totalOf } from '../../../src/client/features/accounting/usage-series';
import type { UsageAnswer } from '../../../src/client/api/accounting';

const rows = [
  { month: '01/2026', 'NR-1': 1.5, 'NR-2': 0 },
  { month: '02/2026', 'NR-1': 2, 'NR-2': 4 },
];

describe('usage series', () => {
  it('makes one series per column, or only the filtered one', () => {
    expect(seriesOf(rows, '')).toEqual([
      { key: 'NR-1', data: [1.5, 2] },
      { key: 'NR-2', data: [0, 4] },
    ]);
    expect(seriesOf(rows, 'NR-2')).toEqual([{ key: 'NR-2', data: [0, 4] }]);
    expect(allZero(seriesOf(rows, 'NR-2'))).toBe(false);
    expect(allZero([{ data: [0, 0] }])).toBe(true);
  });

  it('adds up the hours of every column, or of the filtered one', () => {
    expect(totalOf(rows, '')).toBe(7.5);
    expect(totalOf(rows, 'NR-1')).toBe(3.5);
    expect(totalOf(rows, 'NR-9')).toBe(0);
    expect(totalOf([], '')).toBe(0);
  });

  it('writes CSV with names in the header and quotes where needed', () => {
    expect(toCsv(rows, '', { 'NR-1': 'Climate, models' })).toBe('month,"NR-1 (Climate, models)",NR-2\n01/2026,1.5,0\n02/2026,2,4\n');
    // Croatian spreadsheets: ';' between cells and a decimal comma.
    expect(toCsv(rows, '', { 'NR-1': 'Climate, models' }, {}, 'hr')).toBe('month;NR-1 (Climate, models);NR-2\n01/2026;1,5;0\n02/2026;2;4\n');
    // A name that a spreadsheet would run as a formula is written as text.
    expect(toCsv(rows, '', {}, { label: (key) => (key === 'NR-1' ? '=HYPERLINK("x")' : '+1') })).toBe(
      `month,"'=HYPERLINK(""x"")",'+1\n01/2026,1.5,0\n02/2026,2,4\n`,
    );
  });

  it('lists clusters with usage in the order of the rules', () => {
    const usage = { monthly: { cpuh: rows, gpuh: rows }, cumulative: { cpuh: rows, gpuh: rows } };
    const answer = { projects_mapping: {}, users_mapping: {}, years: [], window: { range: 'last12', from: '', to: '' }, padobran: usage, supek: usage } as unknown as UsageAnswer;
    expect(clustersWithUsage(answer, ['supek', 'cloud', 'padobran']).map((c) => c.name)).toEqual(['supek', 'padobran']);
  });

  it('lists the pickers\' codes in the grids\' order, digit runs by their number, without a collator', () => {
    const collator = jest.spyOn(Intl, 'Collator');
    const compare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      expect(pickerOptions({ 'NR-10': 'Deset', 'NR-2': '', 'ačić': 'Ana', 'abc': 'Bea', 'Zec': 'Zoran' })).toEqual([
        { value: 'abc', text: 'abc – Bea' },
        { value: 'ačić', text: 'ačić – Ana' },
        { value: 'NR-2', text: 'NR-2' },
        { value: 'NR-10', text: 'NR-10 – Deset' },
        { value: 'Zec', text: 'Zec – Zoran' },
      ]);
      expect(pickerOptions(undefined)).toEqual([]);
      expect(collator).not.toHaveBeenCalled();
      expect(compare).not.toHaveBeenCalled();
    } finally {
      collator.mockRestore();
      compare.mockRestore();
    }
  });
});
