import { anyFilterActive, isFilterActive, textNeedle, YES_NO } from '../../../src/schema-runtime/grid-filters';
import type { FilterSpec } from '../../../src/schema-runtime/table-layout';

const text: FilterSpec = { key: 'search', kind: 'text', labelKey: 'x', paths: ['name'] };
const select: FilterSpec = { key: 'state', kind: 'select', labelKey: 'x', path: 'state.name', options: { vocabulary: 'rules/states' }, allValue: 'all' };
const multi: FilterSpec = { key: 'resources', kind: 'multi', labelKey: 'x', path: 'r', options: { vocabulary: 'rules/resource-types' } };
const yesNo: FilterSpec = { key: 'runsOut', kind: 'yesNo', labelKey: 'x', path: 'grant_runs_out' };

describe('isFilterActive', () => {
  it('counts a text filter once it holds more than spaces', () => {
    expect(isFilterActive(text, 'ana')).toBe(true);
    for (const value of ['', '   ', undefined, ['ana']]) expect(isFilterActive(text, value)).toBe(false);
  });

  it('counts a multi filter once a value is picked', () => {
    expect(isFilterActive(multi, ['CPU'])).toBe(true);
    expect(isFilterActive(multi, [])).toBe(false);
    expect(isFilterActive(multi, 'CPU')).toBe(false);
  });

  it('counts a yes/no filter set to yes or no, not to all', () => {
    expect(isFilterActive(yesNo, YES_NO.yes)).toBe(true);
    expect(isFilterActive(yesNo, YES_NO.no)).toBe(true);
    expect(isFilterActive(yesNo, YES_NO.all)).toBe(false);
    expect(isFilterActive(yesNo, '')).toBe(false);
  });

  it('counts a dropdown set to any value, its all value too', () => {
    expect(isFilterActive(select, 'approve')).toBe(true);
    expect(isFilterActive(select, 'all')).toBe(true);
    expect(isFilterActive(select, '')).toBe(false);
  });
});

describe('anyFilterActive', () => {
  it('is true when one filter narrows the rows', () => {
    const specs = [text, multi, yesNo];
    expect(anyFilterActive(specs, { search: ' ', resources: [], runsOut: 'all' })).toBe(false);
    expect(anyFilterActive(specs, { search: ' ', resources: ['GPU'], runsOut: 'all' })).toBe(true);
    expect(anyFilterActive([], { search: 'ana' })).toBe(false);
  });
});

describe('textNeedle', () => {
  it('is the text trimmed and lower-cased, keeping Croatian letters', () => {
    expect(textNeedle('  Čačić ANA ')).toBe('čačić ana');
  });
});
