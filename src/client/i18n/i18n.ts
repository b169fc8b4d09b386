import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { schemas } from '../shared/schema-set';
import { languageCookieName } from '../../schema-runtime/language-cookie';
import { languageCookie, readCookie } from './language-cookie';
import { loadTranslations, translatedLocales, type Locale, type Translations } from './translations';

export type { Locale } from './translations';

function isLocale(value: unknown): value is Locale {
  const offered: readonly string[] = schemas.constants.locales;
  return typeof value === 'string' && (translatedLocales as readonly string[]).includes(value) && offered.includes(value);
}

export const defaultLocale: Locale = isLocale(schemas.constants.defaultLocale) ? schemas.constants.defaultLocale : 'hr';

/** Locales offered by the language toggle, in the schema's order. */
export const locales: Locale[] = schemas.constants.locales.filter(isLocale);

function initialLocale(): Locale {
  const stored = readCookie(document.cookie, languageCookieName(schemas.service.serviceKey));
  return isLocale(stored) ? stored : defaultLocale;
}

/**
 * Initialises i18next with the given texts in the language from the cookie (or the default) and
 * keeps `<html lang>` in step. Languages whose texts are not given load when one is chosen.
 */
export function initI18n(texts: Partial<Record<Locale, Translations>>): typeof i18next {
  const resources = Object.fromEntries(Object.entries(texts).map(([locale, translation]) => [locale, { translation }]));
  void i18next.use(initReactI18next).init({
    resources,
    lng: initialLocale(),
    fallbackLng: defaultLocale,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}

/** Loads the texts of the language the page opens in (a request already under way when `index.tsx` guessed it), then initialises. */
export async function loadI18n(): Promise<typeof i18next> {
  const locale = initialLocale();
  return initI18n({ [locale]: await loadTranslations(locale) });
}

/** The language asked for last: a slower load of one asked for earlier must not switch back to it. */
let wanted: Locale | undefined;

/**
 * Switches the interface language (once its texts are loaded) and remembers it in the service's
 * language cookie.
 */
export function setLocale(locale: Locale): void {
  document.cookie = languageCookie(schemas.service.serviceKey, locale);
  wanted = locale;
  if (i18next.language === locale) return;
  void loadTranslations(locale).then((texts) => {
    if (!i18next.hasResourceBundle(locale, 'translation')) i18next.addResourceBundle(locale, 'translation', texts);
    if (wanted === locale && i18next.language !== locale) return i18next.changeLanguage(locale);
  });
}

/** The current interface language. */
export function currentLocale(language: string): Locale {
  return isLocale(language) ? language : defaultLocale;
}
