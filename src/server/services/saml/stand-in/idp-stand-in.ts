import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { Extractor } from 'samlify';
import { selfSignedKeyPair } from '../keys';
import { STAND_IN_IDENTITIES, identityByKey, type StandInIdentity } from './demo-identities';
import { buildLoginResponse, createIdentityProviders, serviceProviderOf, STAND_IN_PATHS, type ResponseVariant, type StandInFederation } from './idp-entities';
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

/** The exact signed part of a redirect-binding query (SAML bindings §3.4.4.1): the raw encoded parameters. */
function octetString(rawQuery: string, messageKey: 'SAMLRequest' | 'SAMLResponse'): string {
  const raw = new Map(rawQuery.split('&').map((pair) => [pair.split('=')[0], pair] as const));
  return [messageKey, 'RelayState', 'SigAlg'].map((k) => raw.get(k)).filter(Boolean).join('&');
}

/** The issuer of a redirect-binding message (deflated, base64). */
function issuerOf(encoded: string, root: 'AuthnRequest' | 'LogoutRequest'): string {
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const { issuer } = Extractor.extract(xml, [{ key: 'issuer', localPath: [root, 'Issuer'], attributes: [] }]);
  if (typeof issuer !== 'string' || !issuer) throw new Error(`${root} without an Issuer`);
  return issuer;
}

/**
 * A stand-in identity provider that speaks real SAML 2.0 (samlify in its IdP role), for demo mode
 * and tests only — the federations cannot be reached from a developer's machine. It plays two
 * identity providers, the national federation (`/aai`) and the eduGAIN proxy (`/edugainproxy`),
 * signs with a key generated at start, publishes metadata, verifies the portal's signed
 * AuthnRequests and LogoutRequests, and offers a page to pick a demo identity.
 */
export async function startIdpStandIn(options: { port?: number; identities?: StandInIdentity[] } = {}): Promise<IdpStandIn> {
  const identities = options.identities ?? STAND_IN_IDENTITIES;
  const keys = await selfSignedKeyPair('demo identity provider');
  const tickets = new Map<string, Ticket>();
  const spMetadata = new Map<string, string>();
  // Assigned once the server knows its address; the handlers defined below read it.
  // eslint-disable-next-line prefer-const
  let idps: ReturnType<typeof createIdentityProviders>;

  const metadataOf = async (entityId: string): Promise<string> => {
    const known = spMetadata.get(entityId);
    if (known) return known;
    // A service provider's entity id is its metadata URL (reference §7.1).
    const response = await fetch(entityId, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`service provider metadata ${entityId}: HTTP ${response.status}`);
    const xml = await response.text();
    spMetadata.set(entityId, xml);
    return xml;
  };

  const pick = (federation: StandInFederation, key: string) => identities.find((i) => i.key === key && i.federation === federation) ?? undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/auto-submit.js') return send(res, 200, AUTO_SUBMIT_JS, 'text/javascript; charset=utf-8');
    if (path === '/stand-in.css') return send(res, 200, STAND_IN_CSS, 'text/css; charset=utf-8');
    const federation = (Object.keys(STAND_IN_PATHS) as StandInFederation[]).find((f) => path.startsWith(STAND_IN_PATHS[f]));
    if (!federation) return send(res, 404, errorPage('Not found'));
    const idp = idps[federation];
    const action = path.slice(STAND_IN_PATHS[federation].length);
    const rawQuery = url.search.slice(1);
    const query = Object.fromEntries(url.searchParams);

    if (action === '/metadata' || action === '/saml2/idp') return send(res, 200, idp.getMetadata(), 'application/samlmetadata+xml; charset=utf-8');

    if (action === '/sso' && req.method === 'GET') {
      const spEntityId = issuerOf(query.SAMLRequest ?? '', 'AuthnRequest');
      const sp = serviceProviderOf(await metadataOf(spEntityId));
      const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: octetString(rawQuery, 'SAMLRequest') });
      const requestId = (parsed.extract as { request?: { id?: string } }).request?.id;
      if (!requestId) throw new Error('AuthnRequest without an ID');
      const ticket = randomBytes(16).toString('hex');
      tickets.set(ticket, { federation, spEntityId, requestId, relayState: query.RelayState, expires: Date.now() + 30 * 60_000 });
      for (const [id, t] of tickets) if (t.expires < Date.now()) tickets.delete(id);
      const heading = federation === 'national' ? 'AAI@EduHR (demo identity provider)' : 'eduGAIN proxy (demo identity provider)';
      return send(res, 200, pickerPage({
        heading,
        action: `${STAND_IN_PATHS[federation]}/respond`,
        ticket,
        identities: identities.filter((i) => i.federation === federation),
      }));
    }

    if (action === '/respond' && req.method === 'POST') {
      const form = await readForm(req);
      const ticket = tickets.get(form.get('ticket') ?? '');
      const identity = pick(federation, form.get('identity') ?? '');
      if (!ticket || ticket.federation !== federation || ticket.expires < Date.now()) return send(res, 400, errorPage('This sign-in has expired; start again from the portal.'));
      if (!identity) return send(res, 400, errorPage('Unknown identity.'));
      tickets.delete(form.get('ticket') ?? '');
      const { samlResponse, acsUrl } = await buildLoginResponse({ idp, spMetadata: await metadataOf(ticket.spEntityId), identity, inResponseTo: ticket.requestId });
      return send(res, 200, postPage({ heading: 'Signing in…', action: acsUrl, fields: { SAMLResponse: samlResponse, RelayState: ticket.relayState } }));
    }

    if (action === '/slo' && req.method === 'GET') {
      const spEntityId = issuerOf(query.SAMLRequest ?? '', 'LogoutRequest');
      const sp = serviceProviderOf(await metadataOf(spEntityId));
      const parsed = await idp.parseLogoutRequest(sp, 'redirect', { query, octetString: octetString(rawQuery, 'SAMLRequest') });
      const answer = idp.createLogoutResponse(sp, parsed as unknown as Parameters<typeof idp.createLogoutResponse>[1], 'post', query.RelayState ?? '') as { context: string; entityEndpoint: string };
      return send(res, 200, postPage({ heading: 'Signing out…', action: answer.entityEndpoint, fields: { SAMLResponse: answer.context, RelayState: query.RelayState } }));
    }
    return send(res, 404, errorPage('Not found'));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    handle(req, res, url).catch((error: Error) => send(res, 400, errorPage(`Refused: ${error.message}`)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address}:${port}`;
  idps = createIdentityProviders(url, keys);

  return {
    url,
    metadataUrl: { national: `${url}${STAND_IN_PATHS.national}/metadata`, edugain: `${url}${STAND_IN_PATHS.edugain}/metadata` },
    entityId: { national: idps.national.entityMeta.getEntityID(), edugain: idps.edugain.entityMeta.getEntityID() },
    registerServiceProvider(metadataXml) {
      const sp = serviceProviderOf(metadataXml);
      spMetadata.set(sp.entityMeta.getEntityID(), metadataXml);
    },
    async loginResponse({ federation, identity, spEntityId, inResponseTo, variant }) {
      const chosen = typeof identity === 'string' ? identityByKey(identity) : identity;
      if (!chosen) throw new Error(`no stand-in identity ${String(identity)}`);
      return buildLoginResponse({ idp: idps[federation], spMetadata: await metadataOf(spEntityId), identity: chosen, inResponseTo, variant });
    },
    async logoutRequest({ federation, spEntityId, nameId, sessionIndex }) {
      const sp = serviceProviderOf(await metadataOf(spEntityId));
      const request = idps[federation].createLogoutRequest(sp, 'post', { logoutNameID: nameId, sessionIndex }) as { context: string; entityEndpoint: string };
      return { samlRequest: request.context, slsUrl: request.entityEndpoint };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
