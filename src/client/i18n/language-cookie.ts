import { languageCookieName } from '@/schema-runtime/language-cookie';

/** Reads a cookie value from a `document.cookie`-style string. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** How long the language cookie is kept (the privacy notice's cookie list says it). */
export const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that stores the language for a year on the whole site. */
export function languageCookie(serviceKey: string, locale: string): string {
  return `${languageCookieName(serviceKey)}=${encodeURIComponent(locale)}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax`;
}
