/*
 * Numbers and weekday names in the interface language, with the browser's Intl only: no date
 * library, so a page that only writes numbers does not load one (dates: format.ts).
 */

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

/**
 * Makes the interface language's first number formatter in a task of its own, soon. The first Intl
 * formatter a page makes loads the browser's locale data: 50–70 ms on a desktop, four times that on
 * a phone, which would otherwise be part of the first render of any page that writes a number. The
 * entry calls this before it starts waiting for the network (the schema set, the page's code); the
 * formatter is one `numberFormat` keeps, and later ones cost a fraction of a millisecond.
 */
export function prepareNumberFormat(lang: string): void {
  setTimeout(() => void numberFormat(lang, { maximumFractionDigits: 0 }), 0);
}

/** The name of an ISO weekday (1 Monday … 7 Sunday) in the interface language. */
export function weekdayName(weekday: number, lang: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(localeOf(lang), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
}
