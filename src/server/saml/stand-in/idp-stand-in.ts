import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { selfSignedKeyPair } from '../keys';
import { STAND_IN_IDENTITIES, identityByKey, type StandInIdentity } from './demo-identities';
import { federationMetadata, type MetadataMode } from './federation-metadata';
import {
  idpEntityId,
  readServiceProvider,
  STAND_IN_PATHS,
  type AssertionEncryption,
  type ResponseVariant,
  type StandInFederation,
  type StandInServiceProvider,
} from './idp-entities';
import { buildLoginResponse } from './login-response';
import { buildLogoutRequest, buildLogoutResponse } from './logout-messages';
import { readRedirectRequest, verifyRedirectSignature } from './request-verification';
import { AUTO_SUBMIT_JS, errorPage, pickerPage, postPage, STAND_IN_CSS } from './pages';

/** A login request the picker is answering. */
interface Ticket {
  federation: StandInFederation;
  spEntityId: string;
  requestId: string;
  relayState?: string;
  expires: number;
}

export interface IdpStandIn {
  url: string;
  /** The metadata URL of each identity provider (what SAML_IDP_METADATA / SAML_EDUGAIN_IDP_METADATA point to). */
  metadataUrl: Record<StandInFederation, string>;
  entityId: Record<StandInFederation, string>;
  /** The certificate (PEM) of the federation key that signs the metadata: what the portal verifies it with. */
  metadataCert: string;
  /** What a federation's metadata URL serves from now on (signed by default; tests of refused metadata). */
  setMetadataMode(federation: StandInFederation, mode: MetadataMode): void;
  /** Makes an SP known without fetching its metadata from its entity id (tests using app.inject). */
  registerServiceProvider(metadataXml: string): void;
  /** A signed login response, as the picker would post it, optionally altered (tests). */
  loginResponse(options: {
    federation: StandInFederation;
    identity: string | StandInIdentity;
    spEntityId: string;
    inResponseTo: string;
    variant?: ResponseVariant;
  }): Promise<{ samlResponse: string; acsUrl: string }>;
  /**
   * Makes a federation encrypt every assertion it answers with (or stop, with undefined); a
   * response's own `variant.encryption` and the picker's choice still apply.
   */
  setEncryption(federation: StandInFederation, encryption: AssertionEncryption | undefined): void;
  /** A signed LogoutRequest from the identity provider (logout started elsewhere), for the HTTP-POST binding. */
  logoutRequest(options: { federation: StandInFederation; spEntityId: string; nameId: string; sessionIndex?: string }): Promise<{ samlRequest: string; slsUrl: string }>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A stand-in identity provider that speaks real SAML 2.0, for demo mode and tests only — the
 * federations cannot be reached from a developer's machine. It plays two identity providers, the
 * national federation (`/aai`) and the eduGAIN proxy (`/edugainproxy`), signs with a key generated
 * at start (xml-crypto, as node-saml verifies), publishes metadata signed by a separate federation
 * key, verifies the portal's signed AuthnRequests and LogoutRequests, and offers a page to pick a
 * demo identity.
 */
export async function startIdpStandIn(
  options: { port?: number; identities?: StandInIdentity[]; encryption?: Partial<Record<StandInFederation, AssertionEncryption>> } = {},
): Promise<IdpStandIn> {
  const identities = options.identities ?? STAND_IN_IDENTITIES;
  const [keys, federationKeys, otherKeys] = await Promise.all([
    selfSignedKeyPair('demo identity provider'),
    selfSignedKeyPair('demo federation metadata signer'),
    selfSignedKeyPair('a key no federation publishes'),
  ]);
  const tickets = new Map<string, Ticket>();
  const spMetadata = new Map<string, StandInServiceProvider>();
  const encryptionOf: Partial<Record<StandInFederation, AssertionEncryption>> = { ...options.encryption };
  const metadataModeOf: Partial<Record<StandInFederation, MetadataMode>> = {};
  // Known once the server listens; the handlers below read it.
  let url = '';

  const serviceProvider = async (entityId: string): Promise<StandInServiceProvider> => {
    const known = spMetadata.get(entityId);
    if (known) return known;
    // A service provider's entity id is its metadata URL (reference §7.1).
    const response = await fetch(entityId, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`service provider metadata ${entityId}: HTTP ${response.status}`);
    const sp = readServiceProvider(await response.text());
    spMetadata.set(entityId, sp);
    return sp;
  };

  /** A redirect-binding request of a known service provider, its signature verified. */
  const verifiedRequest = async (requestUrl: URL, kind: 'AuthnRequest' | 'LogoutRequest') => {
    const request = readRedirectRequest(requestUrl.searchParams, kind);
    const sp = await serviceProvider(request.issuer);
    verifyRedirectSignature(requestUrl.search.slice(1), sp.signingCerts);
    return { request, sp };
  };

  const respond = async (federation: StandInFederation, identity: StandInIdentity, spEntityId: string, inResponseTo: string, variant: ResponseVariant) =>
    buildLoginResponse({
      idpEntityId: idpEntityId(url, federation),
      keys,
      otherKeys,
      sp: await serviceProvider(spEntityId),
      identity,
      inResponseTo,
      variant: { encryption: encryptionOf[federation], ...variant },
    });

  const pick = (federation: StandInFederation, key: string) => identities.find((i) => i.key === key && i.federation === federation) ?? undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<void> => {
    const path = requestUrl.pathname.replace(/\/+$/, '');
    if (path === '/auto-submit.js') return send(res, 200, AUTO_SUBMIT_JS, 'text/javascript; charset=utf-8');
    if (path === '/stand-in.css') return send(res, 200, STAND_IN_CSS, 'text/css; charset=utf-8');
    const federation = (Object.keys(STAND_IN_PATHS) as StandInFederation[]).find((f) => path.startsWith(STAND_IN_PATHS[f]));
    if (!federation) return send(res, 404, errorPage('Not found'));
    const root = `${url}${STAND_IN_PATHS[federation]}`;
    const action = path.slice(STAND_IN_PATHS[federation].length);

    if (action === '/metadata' || action === '/saml2/idp') {
      const metadata = federationMetadata({
        entityId: idpEntityId(url, federation),
        ssoUrl: `${root}/sso`,
        sloUrl: `${root}/slo`,
        signingCert: keys.cert,
        federationKeys,
        otherKeys,
        mode: metadataModeOf[federation],
      });
      return send(res, 200, metadata, 'application/samlmetadata+xml; charset=utf-8');
    }

    if (action === '/sso' && req.method === 'GET') {
      const { request, sp } = await verifiedRequest(requestUrl, 'AuthnRequest');
      const ticket = randomBytes(16).toString('hex');
      tickets.set(ticket, { federation, spEntityId: sp.entityId, requestId: request.id, relayState: request.relayState, expires: Date.now() + 30 * 60_000 });
      for (const [id, t] of tickets) if (t.expires < Date.now()) tickets.delete(id);
      const heading = federation === 'national' ? 'AAI@EduHR (demo identity provider)' : 'eduGAIN proxy (demo identity provider)';
      return send(res, 200, pickerPage({
        heading,
        action: `${STAND_IN_PATHS[federation]}/respond`,
        ticket,
        identities: identities.filter((i) => i.federation === federation),
        encrypt: encryptionOf[federation] ?? 'aes-256-gcm',
      }));
    }

    if (action === '/respond' && req.method === 'POST') {
      const form = await readForm(req);
      const ticket = tickets.get(form.get('ticket') ?? '');
      const identity = pick(federation, form.get('identity') ?? '');
      if (!ticket || ticket.federation !== federation || ticket.expires < Date.now()) return send(res, 400, errorPage('This sign-in has expired; start again from the portal.'));
      if (!identity) return send(res, 400, errorPage('Unknown identity.'));
      tickets.delete(form.get('ticket') ?? '');
      // The picker's checkbox (or the federation's setting) encrypts the assertion.
      const chosen = form.get('encrypt');
      const encryption = chosen === 'aes-256-gcm' || chosen === 'aes-256-cbc' ? chosen : encryptionOf[federation];
      const { samlResponse, acsUrl } = await respond(federation, identity, ticket.spEntityId, ticket.requestId, { encryption });
      return send(res, 200, postPage({ heading: 'Signing in…', action: acsUrl, fields: { SAMLResponse: samlResponse, RelayState: ticket.relayState } }));
    }

    if (action === '/slo' && req.method === 'GET') {
      const { request, sp } = await verifiedRequest(requestUrl, 'LogoutRequest');
      if (!sp.slsUrl) throw new Error(`service provider ${sp.entityId} has no HTTP-POST SingleLogoutService`);
      const answer = buildLogoutResponse({ issuer: idpEntityId(url, federation), keys, slsUrl: sp.slsUrl, inResponseTo: request.id });
      return send(res, 200, postPage({ heading: 'Signing out…', action: sp.slsUrl, fields: { SAMLResponse: answer, RelayState: request.relayState } }));
    }
    return send(res, 404, errorPage('Not found'));
  };

  const server = createServer((req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://stand-in');
    handle(req, res, requestUrl).catch((error: Error) => send(res, 400, errorPage(`Refused: ${error.message}`)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  url = `http://${address}:${port}`;

  return {
    url,
    metadataUrl: { national: `${url}${STAND_IN_PATHS.national}/metadata`, edugain: `${url}${STAND_IN_PATHS.edugain}/metadata` },
    entityId: { national: idpEntityId(url, 'national'), edugain: idpEntityId(url, 'edugain') },
    metadataCert: federationKeys.cert,
    setMetadataMode(federation, mode) {
      metadataModeOf[federation] = mode;
    },
    registerServiceProvider(metadataXml) {
      const sp = readServiceProvider(metadataXml);
      spMetadata.set(sp.entityId, sp);
    },
    async loginResponse({ federation, identity, spEntityId, inResponseTo, variant = {} }) {
      const chosen = typeof identity === 'string' ? identityByKey(identity) : identity;
      if (!chosen) throw new Error(`no stand-in identity ${String(identity)}`);
      return respond(federation, chosen, spEntityId, inResponseTo, variant);
    },
    setEncryption(federation, encryption) {
      encryptionOf[federation] = encryption;
    },
    async logoutRequest({ federation, spEntityId, nameId, sessionIndex }) {
      const sp = await serviceProvider(spEntityId);
      if (!sp.slsUrl) throw new Error(`service provider ${spEntityId} has no HTTP-POST SingleLogoutService`);
      return { samlRequest: buildLogoutRequest({ issuer: idpEntityId(url, federation), keys, slsUrl: sp.slsUrl, nameId, sessionIndex }), slsUrl: sp.slsUrl };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
