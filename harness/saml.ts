import { inflateRawSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { startIdpStandIn, type IdpStandIn } from '../src/server/saml/stand-in/idp-stand-in';
import type { ServerConfig } from '../src/server/config';
import { element, protocolRoot, textOf } from '../src/server/saml/xml';
import { cookiesOf, startTestApp, testConfig, type TestApp } from './test-app';
import type { TestDatabase } from './test-database';

export type Federation = 'national' | 'edugain';
export const BASE: Record<Federation, string> = { national: '/saml2', edugain: '/saml2/edugain' };

/** The test app with both service providers pointed at a running stand-in identity provider. */
export async function startSamlApp(
  idp: IdpStandIn,
  options: { database?: TestDatabase; saml?: Partial<ServerConfig['saml']>; config?: Partial<ServerConfig> } = {},
): Promise<TestApp> {
  const saml = { ...testConfig().saml, idpMetadata: idp.metadataUrl.national, edugainIdpMetadata: idp.metadataUrl.edugain, idpMetadataCert: idp.metadataCert, edugainIdpMetadataCert: idp.metadataCert, ...options.saml };
  const t = await startTestApp({ database: options.database, config: { ...options.config, saml } });
  // app.inject does not listen: hand the stand-in the SP metadata it would otherwise fetch.
  for (const federation of ['national', 'edugain'] as const) {
    const res = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/metadata/` });
    if (res.statusCode !== 200) throw new Error(`metadata ${federation}: ${res.statusCode} ${res.body}`);
    idp.registerServiceProvider(res.body);
  }
  return t;
}

export { startIdpStandIn };

/**
 * For the enclosing describe block: a stand-in identity provider and a portal pointed at it, started
 * before its tests (handed to `receive`) and closed after them.
 */
export function useSamlApp(receive: (started: { idp: IdpStandIn; t: TestApp }) => void): void {
  let started: { idp: IdpStandIn; t: TestApp } | undefined;
  beforeAll(async () => {
    const idp = await startIdpStandIn();
    started = { idp, t: await startSamlApp(idp) };
    receive(started);
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.idp.close();
  });
}

/**
 * Starts a login at the SP and reads the AuthnRequest it redirects to the identity provider;
 * `cookie` is the browser's binding cookie naming that request (pass `previous` cookies to add to them).
 */
export async function startLogin(t: TestApp, federation: Federation, next = '', previous = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE[federation]}/login/${next ? `?next=${encodeURIComponent(next)}` : ''}`,
    headers: previous ? { cookie: previous } : {},
  });
  if (res.statusCode !== 302) throw new Error(`login ${federation}: ${res.statusCode} ${res.body}`);
  const location = new URL(res.headers.location as string);
  const xml = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const request = protocolRoot(xml, 'AuthnRequest');
  const requestId = request?.getAttribute('ID');
  const issuer = request && element(request, './saml:Issuer');
  if (!requestId || !issuer) throw new Error('AuthnRequest without an ID or Issuer');
  return { location, requestId, spEntityId: textOf(issuer), relayState: location.searchParams.get('RelayState') ?? '', cookie: cookiesOf(res, previous) };
}

/** Posts a SAMLResponse to the SP's ACS as the browser would. */
export function postToAcs(t: TestApp, federation: Federation, samlResponse: string, relayState = '', cookie = ''): Promise<LightMyRequestResponse> {
  const payload = new URLSearchParams({ SAMLResponse: samlResponse, ...(relayState ? { RelayState: relayState } : {}) }).toString();
  return t.app.inject({
    method: 'POST',
    url: `${BASE[federation]}/acs/`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload,
  });
}
