import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import hr from './hr.json';
import en from './en.json';
import { schemas } from '../shared/schema-set';
import { languageCookie, languageCookieName, readCookie } from './language-cookie';

/** Languages the client has translations for; the schema's `locales` constant decides which are offered. */
const translations = { hr, en } as const;
export type Locale = keyof typeof translations;

function isLocale(value: unknown): value is Locale {
  const offered: readonly string[] = schemas.constants.locales;
  return typeof value === 'string' && value in translations && offered.includes(value);
}

export const defaultLocale: Locale = isLocale(schemas.constants.defaultLocale) ? schemas.constants.defaultLocale : 'hr';

/** Locales offered by the language toggle, in the schema's order. */
export const locales: Locale[] = schemas.constants.locales.filter(isLocale);

function initialLocale(): Locale {
  const stored = readCookie(document.cookie, languageCookieName(schemas.service.serviceKey));
  return isLocale(stored) ? stored : defaultLocale;
}

/** Initialises i18next with the language from the cookie (or the default) and keeps `<html lang>` in step. */
export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { hr: { translation: translations.hr }, en: { translation: translations.en } },
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

/** Switches the interface language and remembers it in the service's language cookie. */
export function setLocale(locale: Locale): void {
  document.cookie = languageCookie(schemas.service.serviceKey, locale);
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
}

/** The current interface language. */
export function currentLocale(language: string): Locale {
  return isLocale(language) ? language : defaultLocale;
}
