import { formatDate, formatDateTime } from '@/client/engine/format';

/** Past this many distinct values a cache starts again (dates repeat; timestamps mostly do not). */
const CACHE_LIMIT = 20_000;

function cached(format: (value: string) => string): (value: string | null | undefined) => string {
  const texts = new Map<string, string>();
  return (value) => {
    if (typeof value !== 'string') return format(value ?? '');
    let text = texts.get(value);
    if (text === undefined) {
      if (texts.size >= CACHE_LIMIT) texts.clear();
      text = format(value);
      texts.set(value, text);
    }
    return text;
  };
}

/**
 * `formatDate` and `formatDateTime` remembering their answers: a grid page formats the same dates
 * on every redraw, and parsing and formatting them is a visible part of drawing a row.
 */
export const shownDate = cached(formatDate);
export const shownDateTime = cached(formatDateTime);
