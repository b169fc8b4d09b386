/**
 * The cookies of federated sign-in and sign-out, the HTTP side of saml: the browser
 * binding of a sign-in (below) and the identity a sign-out hands to /saml2/logout.
 */
import { inflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, AuthContext } from '../context';
import { deleteSession } from '../sessions/sessions';
import { federatedIdentity, isFederation, type FederatedLogout } from '../saml/logout';
import { cookieOptions } from '../sessions/session-cookies';
import { REQUEST_TTL_MS } from '../saml/request-store';
import { protocolRoot } from '../saml/xml';

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

// ---- sign-out ----

/** How long the identity to log out at the identity provider waits for the browser at /saml2/logout. */
export const LOGOUT_COOKIE_SECONDS = 10 * 60;

function logoutCookieName(ctx: AppContext): string {
  return `${ctx.schemas.service.serviceKey}_saml_logout`;
}

/**
 * Called by POST /auth/logout/ before the session is deleted: the portal session ends at once,
 * and the identity to log out at the identity provider travels in a short, signed cookie to
 * /saml2/logout, where the client goes next.
 */
export async function rememberFederatedLogout(ctx: AppContext, sessionId: string, reply: FastifyReply): Promise<void> {
  const identity = await federatedIdentity(ctx, sessionId);
  if (!identity) return;
  const value = Buffer.from(JSON.stringify(identity)).toString('base64url');
  reply.setCookie(logoutCookieName(ctx), value, { ...cookieOptions(ctx), path: '/saml2', maxAge: LOGOUT_COOKIE_SECONDS, signed: true });
}

/** Reads (and clears) the cookie `rememberFederatedLogout` set. */
export function takeFederatedLogout(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): FederatedLogout | null {
  const name = logoutCookieName(ctx);
  const raw = request.cookies[name];
  if (!raw) return null;
  reply.clearCookie(name, { ...cookieOptions(ctx), path: '/saml2' });
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as FederatedLogout;
    return typeof parsed.issuer === 'string' && typeof parsed.nameId === 'string' && isFederation(parsed.federation) ? parsed : null;
  } catch {
    return null;
  }
}

/** Sign-out (POST /auth/logout/): a federated session is remembered for single logout, then ended. */
export async function endSession(ctx: AppContext, auth: AuthContext, reply: FastifyReply): Promise<void> {
  if (auth.saml2Idp) await rememberFederatedLogout(ctx, auth.sessionId, reply);
  await deleteSession(ctx.db, auth.sessionId);
}
