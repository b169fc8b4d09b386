import { stackForecast, type ProjectForecast } from '../../../src/client/features/accounting/forecast-line';

// Cumulative bars of two projects; 03/2026 is the current month.
const rows = [
  { month: '02/2026', 'NR-1': 100, 'NR-2': 40, 'NR-3': 5 },
  { month: '03/2026', 'NR-1': 120, 'NR-2': 50, 'NR-3': 5 },
];
const forecast = (soFar: number, steps: number[]): ProjectForecast['f'] => ({
  perMonth: 10,
  soFar,
  atEnd: soFar + steps.at(-1)!,
  endDate: '2026-12-31',
  months: steps.map((step, i) => ({ month: `0${3 + i}/2026`, cpuh: soFar + step })),
});

describe('the forecast over stacked cumulative bars', () => {
  const forecasts: ProjectForecast[] = [
    { project: 'NR-1', f: forecast(120, [5, 15, 25]) },
    { project: 'NR-2', f: forecast(50, [2]) },
  ];

  it('starts at the top of the stack and grows by what every running project adds', () => {
    const { points } = stackForecast(rows, forecasts, '');
    // 120 + 50 + 5 (NR-3 has no forecast and stays) = 175 at the top of the current month's stack.
    expect(points).toEqual([
      { month: '03/2026', value: 175 + 5 + 2 },
      // NR-2 ended in 03/2026: it adds no more than it had reached.
      { month: '04/2026', value: 175 + 15 + 2 },
      { month: '05/2026', value: 175 + 25 + 2 },
    ]);
  });

  it('with one project chosen, continues that project’s bar', () => {
    const { points } = stackForecast(rows, forecasts, 'NR-2');
    expect(points).toEqual([{ month: '03/2026', value: 52 }]);
  });

  it('states “so far” as the bar of the current month, and the end figure from it', () => {
    // The forecast counted 118 so far where the bar shows 120: the sentence says what the bar shows.
    const { figures } = stackForecast(rows, [{ project: 'NR-1', f: forecast(118, [5, 15]) }], '');
    expect(figures['NR-1']).toEqual({ soFar: 120, atEnd: 135 });
    expect(stackForecast(rows, forecasts, '').figures).toEqual({ 'NR-1': { soFar: 120, atEnd: 145 }, 'NR-2': { soFar: 50, atEnd: 52 } });
  });

  it('draws nothing when the chart does not show the current month, and keeps the forecast’s figures', () => {
    const lastYear = [{ month: '12/2025', 'NR-1': 80 }];
    expect(stackForecast(lastYear, forecasts, '')).toEqual({ points: [], figures: { 'NR-1': { soFar: 120, atEnd: 145 }, 'NR-2': { soFar: 50, atEnd: 52 } } });
    expect(stackForecast(rows, [], '')).toEqual({ points: [], figures: {} });
  });
});
