import type { AppContext } from '../context';
import { languageCookieName } from '@/schema-runtime';

/**
 * Cookie names, derived from the service key of rules/service.json. `knownBrowser` marks a browser
 * that signed in with a password before (services/login.ts).
 */
export function cookieNames(ctx: AppContext) {
  const key = ctx.schemas.service.serviceKey;
  return { session: `${key}_session`, csrf: `${key}_csrftoken`, language: languageCookieName(key), knownBrowser: `${key}_known_browser` };
}

/** Cookie options shared by every cookie the server sets: `Secure` whenever the portal is served over https. */
export function cookieOptions(ctx: AppContext, httpOnly = true) {
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure: ctx.config.https };
}
