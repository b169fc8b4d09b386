import type { IncomingHttpHeaders } from 'node:http';
import { languageCookieName } from '@/schema-runtime/language-cookie';
import { LANGUAGES, type Language } from './messages';

function isLanguage(value: string | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The language a /ui page opens in, as the web client decides it (src/client/i18n/i18n.ts): its
 * cookie, else the service's default. Unlike an API answer's, not `Accept-Language`.
 */
export function pageLanguage(headers: IncomingHttpHeaders, cookieName: string, defaultLanguage: string): string {
  const fromCookie = cookieValue(headers.cookie, cookieName);
  return isLanguage(fromCookie) ? fromCookie : defaultLanguage;
}

/**
 * The language a caller reads: the interface language the web client keeps in its cookie, else the
 * first of hr/en in `Accept-Language` (the web client sends its interface language there too),
 * else English, the language of the API's machine callers.
 */
export function requestLanguage(headers: IncomingHttpHeaders, cookieName: string): Language {
  const fromCookie = cookieValue(headers.cookie, cookieName);
  if (isLanguage(fromCookie)) return fromCookie;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    const ranked = accept
      .split(',')
      .map((part, index) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
        return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
      })
      .filter((entry) => isLanguage(entry.lang) && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    if (ranked.length) return ranked[0].lang as Language;
  }
  return 'en';
}

/** The language a route's caller reads ({@link requestLanguage}), by the service's language cookie. */
export function callerLanguage(headers: IncomingHttpHeaders, serviceKey: string): Language {
  return requestLanguage(headers, languageCookieName(serviceKey));
}
