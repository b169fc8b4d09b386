import { ApiError, msg } from '@/server/errors';

/** A range of whole months, as 'yyyy-MM-01' dates, both ends included. */
export interface MonthWindow {
  range: 'last12' | 'year' | 'all';
  year?: number;
  from: string;
  to: string;
}

/** 'yyyy-MM-01' of a date in a time zone. */
export function monthOf(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-01`;
}

/** Adds whole months to a 'yyyy-MM-01' date. */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}-01`;
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** 'MM/YYYY' as the accounting answer names months. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The window a caller asks for: `?year=2025`, `?range=all` or by default the last 12 months up to
 * the current one. `all` starts at `firstMonth` (the earliest month with usage), when known.
 */
export function windowOf(query: { year?: string; range?: string }, current: string, firstMonth: string | null): MonthWindow {
  if (query.year !== undefined && query.year !== '') {
    if (!/^\d{4}$/.test(query.year)) throw new ApiError('validationFailed', msg('yearInvalid'));
    const year = Number(query.year);
    const to = `${year}-12-01` < current ? `${year}-12-01` : current;
    if (`${year}-01-01` > current) throw new ApiError('validationFailed', msg('yearInFuture'));
    return { range: 'year', year, from: `${year}-01-01`, to };
  }
  const range = query.range ?? 'last12';
  if (range === 'all') return { range, from: firstMonth && firstMonth < current ? firstMonth : current, to: current };
  if (range !== 'last12') throw new ApiError('validationFailed', msg('rangeInvalid'));
  return { range, from: addMonths(current, -11), to: current };
}
