jest.mock('../../../src/client/shared/schema-set', () => jest.requireActual('./support/shell-schema-set'));

import { format, isValid, parse } from 'date-fns';
import { apiDate, formatDate, formatDateTime, typedDateToApi } from '../../../src/client/engine/format';
import { displayDate, storedDate } from '../../../src/client/engine/schema-form/fields/request-date';
import { registryDateToApi } from '../../../src/client/features/requests/registry-prefill';
import { schemas } from './support/shell-schema-set';

const { dateFormat, timeFormat, apiDateFormat } = schemas.constants;

/** What date-fns' full `parse` and `format` make of a typed date with the constants' patterns. */
function byDateFns(text: string): string | undefined {
  const date = parse(text.trim(), dateFormat, new Date(0));
  return isValid(date) ? format(date, apiDateFormat) : undefined;
}

describe('dates as the portal shows and takes them', () => {
  it('shows dates and times with the patterns of rules/constants.json, as date-fns format writes them', () => {
    const moment = new Date(2026, 2, 9, 7, 5);
    expect(formatDate(moment)).toBe('09.03.2026');
    expect(formatDate(moment)).toBe(format(moment, dateFormat));
    expect(formatDateTime(moment)).toBe(format(moment, `${dateFormat} ${timeFormat}`));
    expect(formatDateTime('2026-11-25T16:40:00')).toBe('25.11.2026 16:40');
    expect(apiDate(moment)).toBe('2026-03-09');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('reads a typed date as date-fns parse does with dd.MM.yyyy, for whole days of the calendar', () => {
    const typed = ['09.03.2026', '9.3.2026', ' 9.3.2026 ', '29.02.2024', '31.12.1999', '01.01.0001', '1.10.2026'];
    for (const text of typed) {
      expect(typedDateToApi(text)).toBe(byDateFns(text));
      expect(typedDateToApi(text)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(typedDateToApi('9.3.2026')).toBe('2026-03-09');
  });

  it('refuses what is not a day of the calendar or not in the shown format', () => {
    for (const text of ['31.02.2026', '29.02.2026', '31.04.2026', '00.03.2026', '9.13.2026', '2026-03-09', '9.3.26', '9/3/2026', '9.3.2026.x', 'abc', '']) {
      expect(typedDateToApi(text)).toBeUndefined();
    }
  });

  it('keeps a request date field stored as yyyy-MM-dd and shown as dd.MM.yyyy; other text stays as typed', () => {
    expect(displayDate('2026-03-09')).toBe('09.03.2026');
    expect(displayDate('31.02.2026')).toBe('31.02.2026');
    expect(displayDate('2026')).toBe('2026');
    expect(displayDate(undefined)).toBe('');
    expect(storedDate('09.03.2026')).toBe('2026-03-09');
    expect(storedDate('9.3.2026')).toBe('2026-03-09');
    expect(storedDate('31.02.2026')).toBe('31.02.2026');
    expect(storedDate('  ')).toBeUndefined();
  });

  it("takes the registry's dd.MM.yyyy dates as the API's, and nothing else", () => {
    expect(registryDateToApi('01.09.2024')).toBe('2024-09-01');
    expect(registryDateToApi('2024-09-01')).toBeUndefined();
    expect(registryDateToApi(undefined)).toBeUndefined();
  });
});
