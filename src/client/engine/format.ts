import { format, isValid, parseISO } from 'date-fns';
import { schemas } from '@/client/shared/schema-set';

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : null;
}

/** A date as the portal shows it (dd.MM.yyyy from rules/constants.json); '' when missing. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? format(date, schemas.constants.dateFormat) : '';
}

/** A date and time as the portal shows it (dd.MM.yyyy H:mm); '' when missing. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? format(date, `${schemas.constants.dateFormat} ${schemas.constants.timeFormat}`) : '';
}

/** Pads a table's rows with `null`s up to the portal's minimum row count (paddedTableRows). */
export function padRows<T>(rows: readonly T[], minimum: number = schemas.constants.paddedTableRows): (T | null)[] {
  return [...rows, ...Array.from({ length: Math.max(0, minimum - rows.length) }, () => null)];
}

/** The locale in which the interface language writes numbers and dates: en-GB for English, else hr-HR. */
function localeOf(lang: string): 'hr-HR' | 'en-GB' {
  return lang === 'en' ? 'en-GB' : 'hr-HR';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers as the interface language writes them. One formatter per language and options, made at
 * first use and kept: making one costs far more than formatting with it (a grid's percent column
 * formats every cell of every redraw).
 */
export function numberFormat(lang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${localeOf(lang)} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The name of an ISO weekday (1 Monday … 7 Sunday) in the interface language. */
export function weekdayName(weekday: number, lang: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(localeOf(lang), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
}
