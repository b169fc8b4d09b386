import type { TextPart, Translations } from './text-parts';

/** Languages the client has texts for; the schema's `locales` constant decides which are offered. */
export const translatedLocales = ['hr', 'en'] as const;
export type Locale = (typeof translatedLocales)[number];
export type { Translations } from './text-parts';

/*
 * Each language's three parts (text-parts.ts), each its own chunk: a page shows one language, a
 * signed-out page needs only its shell, and only the rules pages the rules' texts. The `?part=`
 * query is the build's cut of the one file.
 */
const parts: Record<Locale, Record<TextPart, () => Promise<{ default: Partial<Translations> }>>> = {
  hr: {
    shell: () => import(/* webpackChunkName: "i18n-hr" */ './hr.json?part=shell'),
    pages: () => import(/* webpackChunkName: "i18n-hr-pages" */ './hr.json?part=pages'),
    rules: () => import(/* webpackChunkName: "i18n-hr-rules" */ './hr.json?part=rules'),
  },
  en: {
    shell: () => import(/* webpackChunkName: "i18n-en" */ './en.json?part=shell'),
    pages: () => import(/* webpackChunkName: "i18n-en-pages" */ './en.json?part=pages'),
    rules: () => import(/* webpackChunkName: "i18n-en-rules" */ './en.json?part=rules'),
  },
};

const loading = new Map<string, Promise<Partial<Translations>>>();

/**
 * One part of one language's texts (gzip: the shell about 2.7 KB, the pages about 10 KB, the rules
 * about 4 KB); asked twice, one request.
 */
export function loadTranslations(locale: Locale, part: TextPart): Promise<Partial<Translations>> {
  const key = `${locale}:${part}`;
  let found = loading.get(key);
  if (!found) {
    found = parts[locale][part]().then((module) => module.default);
    loading.set(key, found);
    // A failed load is forgotten, so the next ask tries again.
    found.catch(() => loading.delete(key));
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
