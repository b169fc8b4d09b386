import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ApiError, currentPortalRefusal } from '../errors';
import { isAdmin, type AppContext } from '../context';
import { findSession, randomToken } from '../sessions/sessions';
import { verifyApiKey } from '../api-keys/api-keys';
import { setUserLanguage } from '../users/queries';
import { requestSite } from './request-guards';
import { cookieNames, cookieOptions } from '../sessions/session-cookies';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Stores the interface language of the web client's cookie on the user when it changed, so mails
 * reach them in the language they last used (mail/mail-templates.ts).
 */
export async function rememberLanguage(ctx: AppContext, user: { id: number; language: string | null }, cookie: string | undefined): Promise<void> {
  if ((cookie !== 'hr' && cookie !== 'en') || user.language === cookie) return;
  await setUserLanguage(ctx.db, user.id, cookie);
  user.language = cookie;
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Hands a new session to the browser: its cookie, until the session's absolute end, and the
 * anonymous CSRF cookie dropped (the session carries its own token). Password and federated
 * sign-ins both end here.
 */
export function sendSession(ctx: AppContext, reply: FastifyReply, session: { token: string; expiresAt: Date }): void {
  const names = cookieNames(ctx);
  reply.setCookie(names.session, session.token, { ...cookieOptions(ctx), expires: session.expiresAt });
  reply.clearCookie(names.csrf, cookieOptions(ctx));
}

/** The anonymous visitor's CSRF token (double-submit cookie), created when missing. */
export function anonymousCsrfToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const name = cookieNames(ctx).csrf;
  const existing = request.cookies[name];
  if (existing && /^[A-Za-z0-9_-]{20,64}$/.test(existing)) return existing;
  const token = randomToken(24);
  reply.setCookie(name, token, cookieOptions(ctx));
  return token;
}

/**
 * Resolves the session from its cookie, then enforces, in this order: CSRF on every mutating call
 * (the session's token, or the anonymous double-submit cookie before login), and the route's
 * access group (`config.access`, default: any signed-in user). An `api-key` route is decided by its
 * `Authorization: Api-Key` header and `config.scope` alone, before and instead of all of that.
 */
export async function registerAuth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const names = cookieNames(ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'user';
    // External callers: the key alone decides; cookies (and so CSRF) play no part.
    if (access === 'api-key') {
      const header = request.headers.authorization;
      request.apiKey = await verifyApiKey(ctx.db, Array.isArray(header) ? header[0] : header);
      if (!request.apiKey) throw currentPortalRefusal('apiKeyInvalid');
      const scope = request.routeOptions.config?.scope;
      if (!scope || !request.apiKey.scopes.includes(scope)) throw currentPortalRefusal('apiKeyScope');
      return;
    }
    // Static assets: public GETs that never need to know who asks.
    if (request.routeOptions.config?.session === false && !MUTATING.has(request.method)) return;
    const token = request.cookies[names.session];
    request.auth = token ? await findSession(ctx.db, token, ctx.config.sessions, { ip: request.ip }) : null;
    if (request.auth) await rememberLanguage(ctx, request.auth.user, request.cookies[names.language]);
    if (MUTATING.has(request.method) && request.routeOptions.config?.csrf !== false) {
      const header = request.headers['x-csrftoken'];
      const sent = Array.isArray(header) ? header[0] : header;
      const expected = request.auth ? request.auth.csrfToken : request.cookies[names.csrf];
      // The centre's current web client logs in without a token: the browser's word that the
      // request comes from this origin is enough there; cross-site and unmarked calls still need it.
      const sameOriginSuffices = request.routeOptions.config?.sameOriginInsteadOfCsrf === true && requestSite(request) === 'same-origin';
      if (!sameToken(sent, expected) && !sameOriginSuffices) throw new ApiError('csrfFailed');
    }
    if (access === 'public' || !request.routeOptions.url) return;
    if (!request.auth) throw new ApiError('notAuthenticated');
    if (access === 'staff' && !isAdmin(request.auth.user)) throw new ApiError('forbidden');
  });
}

/** The signed-in user; only for routes whose access group guarantees one. */
export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw new ApiError('notAuthenticated');
  return request.auth.user;
}
