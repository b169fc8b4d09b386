import type hr from './hr.json';

/** Languages the client has texts for; the schema's `locales` constant decides which are offered. */
export const translatedLocales = ['hr', 'en'] as const;
export type Locale = (typeof translatedLocales)[number];
export type Translations = typeof hr;

const loading = new Map<Locale, Promise<Translations>>();

/**
 * One language's texts. Each language is its own chunk and a page shows one language, so a page
 * loads one of them (about 10 KB gzip each) instead of all; asked twice, one request.
 */
export function loadTranslations(locale: Locale): Promise<Translations> {
  let found = loading.get(locale);
  if (!found) {
    found = import(/* webpackChunkName: "i18n-[request]", webpackInclude: /(hr|en)\.json$/ */ `./${locale}.json`).then(
      (module: { default: Translations }) => module.default,
    );
    loading.set(locale, found);
    // A failed load is forgotten, so the next ask tries again.
    found.catch(() => loading.delete(locale));
  }
  return found;
}

/**
 * The language a returning visitor chose, read before the schema set (which names the cookie) has
 * arrived: any `<service>-lang` cookie. Lets the texts load alongside the set; `initI18n` then
 * decides by the real cookie name and loads another language only if this guess was wrong.
 */
export function guessedLocale(cookieHeader: string): Locale {
  for (const part of cookieHeader.split(';')) {
    const [key, value] = part.trim().split('=');
    if (key.endsWith('-lang') && (translatedLocales as readonly string[]).includes(value)) return value as Locale;
  }
  return translatedLocales[0];
}
