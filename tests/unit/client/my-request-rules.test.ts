jest.mock('../../../src/client/shared/schema-set', () => jest.requireActual('./support/shell-schema-set'));

import {
  canRequestExtension,
  extensionBounds,
  extensionEndForApi,
  graceMonthsOf,
  latestApprovedExtensionEnd,
  requestDetailPath,
  withinBounds,
} from '../../../src/client/features/my-requests/my-request-rules';

describe('my requests', () => {
  it('offers the extension only in a state whose lead options include submit-extend (approve-expire)', () => {
    expect(canRequestExtension('approve-expire')).toBe(true);
    for (const state of ['submit', 'approve', 'deny', 'expire', 'extend', 'submit-extend']) expect(canRequestExtension(state)).toBe(false);
  });

  it('links requesters to their read-only detail and staff to the admin screens by state', () => {
    const p = (state: string) => ({ identifier: 'NR 1/2', state: { name: state } });
    expect(requestDetailPath(p('approve'), false)).toBe('/ui/my-requests/NR%201%2F2');
    expect(requestDetailPath(p('submit'), true)).toBe('/ui/requests/NR%201%2F2');
    expect(requestDetailPath(p('deny'), true)).toBe('/ui/requests/NR%201%2F2');
    expect(requestDetailPath(p('approve-expire'), true)).toBe('/ui/projects/NR%201%2F2');
  });

  it('shows the end of the latest approved extension only', () => {
    expect(
      latestApprovedExtensionEnd([
        { project: 1, approved: true, date_end: '2026-03-01', reason: 'a' },
        { project: 1, approved: true, date_end: '2026-06-30', reason: 'b' },
        { project: 1, approved: false, date_end: '2026-12-31', reason: 'c' },
      ]),
    ).toBe('2026-06-30');
    expect(latestApprovedExtensionEnd([])).toBeUndefined();
  });
});

describe('extension dates', () => {
  it('run from the day after the current end to grace months after it', () => {
    expect(extensionBounds('2026-01-31', 3)).toEqual({ min: '2026-02-01', max: '2026-04-30' });
    expect(extensionBounds('2025-12-31', 1)).toEqual({ min: '2026-01-01', max: '2026-01-31' });
    expect(extensionBounds(null, 3)).toBeNull();
  });

  it('accept both bounds and refuse the current end and beyond the grace', () => {
    const bounds = { min: '2026-02-01', max: '2026-04-30' };
    expect(withinBounds('2026-02-01', bounds)).toBe(true);
    expect(withinBounds('2026-04-30', bounds)).toBe(true);
    expect(withinBounds('2026-01-31', bounds)).toBe(false);
    expect(withinBounds('2026-05-01', bounds)).toBe(false);
    expect(withinBounds('', bounds)).toBe(false);
  });

  it('take grace months from the session config, falling back to the schema constant (3)', () => {
    expect(graceMonthsOf({ grace_months: 6 })).toBe(6);
    expect(graceMonthsOf({})).toBe(3);
    expect(graceMonthsOf(undefined)).toBe(3);
  });

  it('send the chosen day (its time being 23:59:59) as yyyy-MM-dd', () => {
    expect(extensionEndForApi('2026-03-15')).toBe('2026-03-15');
  });
});
