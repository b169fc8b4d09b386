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
