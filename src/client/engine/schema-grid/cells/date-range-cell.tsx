import type { CellProps } from '../column-defs';
import { shownDate } from './shown-dates';

interface Dated {
  date_start?: string | null;
  date_end?: string | null;
}

/** Start and end date of a project, one under the other. */
export function dateRangeText({ row }: CellProps): string {
  const r = (row ?? {}) as Dated;
  return `${shownDate(r.date_start)} – ${shownDate(r.date_end)}`;
}

/** The usage period: start date, end date. */
export function DateRangeCell({ row }: CellProps) {
  const r = (row ?? {}) as Dated;
  return (
    <div className="grid-date-range">
      <div>{shownDate(r.date_start)}</div>
      <div>{shownDate(r.date_end)}</div>
    </div>
  );
}
