import { inflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { cookieOptions } from '../session-cookies';
import { REQUEST_TTL_MS } from './request-store';
import { protocolRoot } from './xml';

/**
 * The browser's side of a federated sign-in (docs/decisions/0250-saml-bound-to-the-browser.md):
 * login/ names the AuthnRequest it sent in a short-lived cookie of this browser, and the ACS accepts
 * a response only when its InResponseTo is one of the requests this browser started. A response
 * captured from one browser and posted by another client finds no such cookie there.
 */

/** Sign-ins one browser may have under way at once (tabs, a second click on the button). */
const MAX_PENDING = 4;
const COOKIE_PATH = '/saml2';
/** Request ids as node-saml makes them (`_` and hex); `.` separates them in the cookie. */
const ID_PATTERN = /^[A-Za-z_][\w-]{0,127}$/;

function bindingCookieName(ctx: AppContext): string {
  return `${ctx.schemas.service.serviceKey}_saml_request`;
}

/**
 * The identity provider posts the response from its own site. Over https the cookie is
 * `SameSite=None; Secure`, so the browser sends it with that cross-site POST; over http (demo,
 * development) browsers refuse `None` without `Secure`, so it is `Lax`, which the stand-in identity
 * provider satisfies by running on the portal's own host (another port is the same site).
 */
export function bindingCookieOptions(ctx: AppContext) {
  const secure = cookieOptions(ctx).secure;
  return { path: COOKIE_PATH, httpOnly: true, secure, sameSite: secure ? ('none' as const) : ('lax' as const), signed: true };
}

/** The AuthnRequest ids this browser is waiting for, newest first (an unsigned or malformed cookie: none). */
export function pendingRequests(ctx: AppContext, request: FastifyRequest): string[] {
  const raw = request.cookies[bindingCookieName(ctx)];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('.').filter((id) => ID_PATTERN.test(id)).slice(0, MAX_PENDING);
}

function writePending(ctx: AppContext, reply: FastifyReply, ids: string[]): void {
  const { signed: _signed, ...clearOptions } = bindingCookieOptions(ctx);
  if (!ids.length) {
    reply.clearCookie(bindingCookieName(ctx), clearOptions);
    return;
  }
  reply.setCookie(bindingCookieName(ctx), ids.join('.'), { ...bindingCookieOptions(ctx), maxAge: REQUEST_TTL_MS / 1000 });
}

/** login/: adds the request just sent to this browser's pending ones. */
export function bindRequest(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, requestId: string): void {
  if (!ID_PATTERN.test(requestId)) throw new Error('AuthnRequest id unfit for the binding cookie');
  writePending(ctx, reply, [requestId, ...pendingRequests(ctx, request).filter((id) => id !== requestId)].slice(0, MAX_PENDING));
}

/** acs/: the request was answered; this browser no longer waits for it. */
export function releaseRequest(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, requestId: string): void {
  writePending(ctx, reply, pendingRequests(ctx, request).filter((id) => id !== requestId));
}

/** The ID of the AuthnRequest in an HTTP-Redirect URL node-saml built (deflated, base64 `SAMLRequest`). */
export function authnRequestId(authorizeUrl: string): string {
  const encoded = new URL(authorizeUrl).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const id = protocolRoot(xml, 'AuthnRequest')?.getAttribute('ID');
  if (!id) throw new Error('AuthnRequest without an ID');
  return id;
}
