import { localeOf } from './locale-format';

/**
 * The name of an ISO weekday (1 Monday … 7 Sunday) in the interface language, from the browser's
 * Intl: only the pages that say when mail goes out need it.
 */
export function weekdayName(weekday: number, lang: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(localeOf(lang), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
}
