import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Profile } from '@node-saml/node-saml';
import type { AppContext } from '../../context';
import { cookieOptions } from '../../plugins/auth';

/** What single logout sends back to the identity provider about the session that ended. */
export interface FederatedLogout {
  issuer: string;
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

const LOGOUT_COOKIE_SECONDS = 10 * 60;

function logoutCookieName(ctx: AppContext): string {
  return `${ctx.schemas.service.serviceKey}_saml_logout`;
}

/** The federated identity of a session, or null for a password session. */
export async function federatedIdentity(ctx: AppContext, sessionId: string): Promise<FederatedLogout | null> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select(['saml2_idp', 'saml_name_id', 'saml_name_id_format', 'saml_session_index'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!row?.saml2_idp || !row.saml_name_id) return null;
  return { issuer: row.saml2_idp, nameId: row.saml_name_id, nameIdFormat: row.saml_name_id_format, sessionIndex: row.saml_session_index };
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
    return typeof parsed.issuer === 'string' && typeof parsed.nameId === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The profile node-saml builds a LogoutRequest from. */
export function logoutProfile(identity: FederatedLogout): Profile {
  return {
    issuer: identity.issuer,
    nameID: identity.nameId,
    nameIDFormat: identity.nameIdFormat ?? 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    ...(identity.sessionIndex ? { sessionIndex: identity.sessionIndex } : {}),
  };
}
