import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { schemas } from '../shared/schema-set';
import { languageCookieName } from '@/schema-runtime/language-cookie';
import { languageCookie, readCookie } from './language-cookie';
import { loadTranslations, translatedLocales, type Locale, type Translations } from './translations';
import type { TextPart } from './text-parts';

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

let initialised: () => void = () => undefined;
/** Settles once `initI18n` has run: texts can be added to i18next from then on. */
const ready = new Promise<void>((resolve) => {
  initialised = resolve;
});

/**
 * Initialises i18next with the given texts in the language from the cookie (or the default) and
 * keeps `<html lang>` in step. Languages whose texts are not given load when one is chosen.
 */
export function initI18n(texts: Partial<Record<Locale, Partial<Translations>>>): typeof i18next {
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
  initialised();
  return i18next;
}

/**
 * Loads the shell texts of the language the page opens in (a request already under way when
 * `index.tsx` guessed it), then initialises. The other pages' texts come with `pageTexts`.
 */
export async function loadI18n(): Promise<typeof i18next> {
  const locale = initialLocale();
  return initI18n({ [locale]: await loadTranslations(locale, 'shell') });
}

/** Loads one part of a language's texts into i18next (once), as soon as i18next is set up. */
async function addTexts(locale: Locale, part: TextPart): Promise<void> {
  const texts = await loadTranslations(locale, part);
  await ready;
  // Deep, so that the second part joins the first in the one namespace.
  i18next.addResourceBundle(locale, 'translation', texts, true, false);
}

/** The parts of the texts the pages shown so far have needed: a language switched to loads them too. */
const partsNeeded = new Set<TextPart>(['shell']);

/**
 * The texts of every page but the signed-out ones (text-parts.ts), or (`rules`) the rules pages'
 * own, in the current language: the route table waits for them before such a page renders
 * (`load-page.ts`), and starts them with the page's chunks when the app opens on one
 * (`preload-page.ts`).
 */
export function pageTexts(part: Exclude<TextPart, 'shell'> = 'pages'): Promise<void> {
  partsNeeded.add(part);
  return addTexts(i18next.isInitialized ? currentLocale(i18next.language) : initialLocale(), part);
}

/** The language asked for last: a slower load of one asked for earlier must not switch back to it. */
let wanted: Locale | undefined;

/**
 * Switches the interface language (once its texts are loaded: the parts the pages shown so far
 * needed) and remembers it in the service's language cookie.
 */
export function setLocale(locale: Locale): void {
  document.cookie = languageCookie(schemas.service.serviceKey, locale);
  wanted = locale;
  if (i18next.language === locale) return;
  void Promise.all([...partsNeeded].map((part) => addTexts(locale, part))).then(() => {
    if (wanted === locale && i18next.language !== locale) return i18next.changeLanguage(locale);
  });
}

/** The current interface language. */
export function currentLocale(language: string): Locale {
  return isLocale(language) ? language : defaultLocale;
}
