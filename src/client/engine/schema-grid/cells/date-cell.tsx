import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';
import { shownDate, shownDateTime } from './shown-dates';

/** The date (or, with `time`, date and time) at the column's field. */
export function dateText({ row, field }: CellProps, time: boolean): string {
  const value = valuesAt(row, field)[0];
  if (typeof value !== 'string') return '';
  return time ? shownDateTime(value) : shownDate(value);
}

/** A date (dd.MM.yyyy) or a date and time (dd.MM.yyyy H:mm). */
export function DateCell({ time, ...props }: CellProps & { time: boolean }) {
  return <span className="grid-date">{dateText(props, time)}</span>;
}
