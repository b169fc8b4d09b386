import type { Profile } from '@node-saml/node-saml';
import type { AppContext } from '@/server/context';
import type { DatabaseHandle } from '@/server/db/handle';
import { deleteSamlSessions, samlIdentityOfSession } from '@/server/sessions/queries';
import { sessionCacheOf } from '../sessions/session-cache';
import { FEDERATION_BASE, type FederationName } from './service-providers';
import { protocolRoot } from './xml';
import { paths } from '@/schema-runtime/pages';

/** What single logout sends back to the identity provider about the session that ended. */
export interface FederatedLogout {
  issuer: string;
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
  /** The service provider the session signed in through: single logout goes to its identity provider. */
  federation: FederationName;
}

export function isFederation(value: unknown): value is FederationName {
  return value === 'national' || value === 'edugain';
}

/**
 * Where the browser goes after POST /auth/logout/: a federated session to the logout of the service
 * provider it signed in through (which sends the LogoutRequest to that federation's identity
 * provider), a password session to the login page.
 */
export function logoutRedirect(identity: Pick<FederatedLogout, 'federation'> | null): string {
  return identity ? `${FEDERATION_BASE[identity.federation]}/logout` : paths.login.href;
}

/** The federated identity of a session, or null for a password session. */
export async function federatedIdentity(ctx: AppContext, sessionId: string): Promise<FederatedLogout | null> {
  const row = await samlIdentityOfSession(ctx.db, sessionId);
  if (!row?.saml2_idp || !row.saml_name_id || !isFederation(row.saml_federation)) return null;
  return {
    issuer: row.saml2_idp,
    nameId: row.saml_name_id,
    nameIdFormat: row.saml_name_id_format,
    sessionIndex: row.saml_session_index,
    federation: row.saml_federation,
  };
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

/**
 * The ID of a LogoutRequest (its XML as screened by incoming-messages.ts), read without verifying
 * it, to answer even a request that does not verify; null when it is not a LogoutRequest.
 */
export function logoutRequestId(xml: string): string | null {
  const id = protocolRoot(xml, 'LogoutRequest')?.getAttribute('ID');
  return id && /^[A-Za-z_][\w.-]{0,255}$/.test(id) ? id : null;
}

/** Ends every session of a NameID at one federation's identity provider (its verified LogoutRequest). */
export async function endFederatedSessions(db: DatabaseHandle, federation: FederationName, idp: string, nameId: string): Promise<void> {
  const ended = await deleteSamlSessions(db, federation, idp, nameId);
  // This process stops honouring them now; the others on the notification the delete sends.
  for (const userId of ended) sessionCacheOf(db)?.forgetUser(userId);
}
