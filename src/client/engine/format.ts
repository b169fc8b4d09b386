import { isValid, lightFormat, parseISO } from 'date-fns';
import { schemas } from '@/client/shared/schema-set';

/*
 * The portal's dates as people read and type them. The patterns in rules/constants.json are fixed
 * numeric ones (dd.MM.yyyy, H:mm, yyyy-MM-dd), so they are written with date-fns' `lightFormat`,
 * which knows numeric tokens only and ships without the locale tables `format` and `parse` bring
 * (about 9 KB gzip on every page that shows or takes a date).
 */

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : null;
}

/** A date as the portal shows it (dd.MM.yyyy from rules/constants.json); '' when missing. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? lightFormat(date, schemas.constants.dateFormat) : '';
}

/** A date and time as the portal shows it (dd.MM.yyyy H:mm); '' when missing. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? lightFormat(date, `${schemas.constants.dateFormat} ${schemas.constants.timeFormat}`) : '';
}

/** A date as the API takes it (yyyy-MM-dd from rules/constants.json). */
export function apiDate(date: Date): string {
  return lightFormat(date, schemas.constants.apiDateFormat);
}

/** Day, month and year as the shown format (dd.MM.yyyy) orders them; one-digit days and months too. */
const TYPED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * A date typed as the portal shows them (dd.MM.yyyy, also 9.3.2026) in the API's yyyy-MM-dd;
 * undefined when the text is not a day of the calendar (31.02.2026, 2026-03-09, 9.3.26).
 */
export function typedDateToApi(text: string): string | undefined {
  const found = TYPED_DATE.exec(text.trim());
  if (!found) return undefined;
  const [, day, month, year] = found;
  // parseISO refuses a day its month does not have.
  const date = parseISO(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  return isValid(date) ? apiDate(date) : undefined;
}

/** Pads a table's rows with `null`s up to the portal's minimum row count (paddedTableRows). */
export function padRows<T>(rows: readonly T[], minimum: number = schemas.constants.paddedTableRows): (T | null)[] {
  return [...rows, ...Array.from({ length: Math.max(0, minimum - rows.length) }, () => null)];
}
