import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { cookiesOf, type TestApp } from '../../harness/test-app';
import { BASE, postToAcs, startLogin, useSamlApp, type Federation } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import { NS } from '../../src/server/saml/xml';
import { SAML_XML_LIMITS } from '../../src/server/saml/xml-limits';
import { readSamlMessageInTurn } from '../../src/server/saml/message-gate';
import { identityByKey } from '../../src/server/saml/stand-in/demo-identities';

/**
 * An anonymous SAML message costs the portal little, whatever it holds: deep nesting, a message
 * that inflates a thousandfold, a DOCTYPE with entities, one element or byte past the bounds are
 * refused before any parser builds them, on both service providers and in every binding; the
 * largest message within the bounds is read and answered. What such requests cost (budget ≤ 50 ms
 * of CPU, ≤ 10 MB of memory each; a flood of them ≤ 100 ms extra for a signed-in call) is measured
 * by `npm run bench -- saml-messages`, not here.
 */
const FEDERATIONS: Federation[] = ['national', 'edugain'];
const REQUESTER = 'urn:oasis:names:tc:SAML:2.0:status:Requester';
const FAILED = '/ui/error?reason=saml';

const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
const logoutRequest = (nameId: string) =>
  `<samlp:LogoutRequest xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="_deep" Version="2.0" IssueInstant="${new Date().toISOString()}">` +
  `<saml:Issuer>https://idp.example.org</saml:Issuer><saml:NameID>${nameId}</saml:NameID></samlp:LogoutRequest>`;
const logoutResponse = (inner: string) =>
  `<samlp:LogoutResponse xmlns:samlp="${NS.samlp}" ID="_deep" Version="2.0" IssueInstant="${new Date().toISOString()}">${inner}</samlp:LogoutResponse>`;
const loginResponse = (inResponseTo: string, inner: string) =>
  `<samlp:Response xmlns:samlp="${NS.samlp}" ID="_deep" InResponseTo="${inResponseTo}" Version="2.0" IssueInstant="${new Date().toISOString()}">${inner}</samlp:Response>`;
const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
  '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>';

const deflated = (xml: string) => deflateRawSync(Buffer.from(xml)).toString('base64');
const base64 = (xml: string) => Buffer.from(xml).toString('base64');

/** The posted bounds of a Response (acs/) and of a logout message (ls/). */
const RESPONSE = { elements: SAML_XML_LIMITS.maxMessageElements, bytes: SAML_XML_LIMITS.postedBytes };
const LOGOUT = { elements: SAML_XML_LIMITS.maxLogoutElements, bytes: SAML_XML_LIMITS.logoutBytes };

/**
 * The largest message `wrap` makes within posted `bounds`: as many elements as allowed (plus
 * `extra`), flat, their attributes filling it to the posted size exactly.
 */
function largestWithin(wrap: (inner: string) => string, bounds: { elements: number; bytes: number }, extra = 0): string {
  const frame = wrap('');
  const count = bounds.elements - (frame.match(/<[A-Za-z]/g) ?? []).length + extra;
  const room = bounds.bytes - Buffer.byteLength(frame) - count * '<a v=""/>'.length;
  const each = Math.floor(room / count);
  const left = room - each * count;
  return wrap(Array.from({ length: count }, (_, i) => `<a v="${'x'.repeat(each + (i < left ? 1 : 0))}"/>`).join(''));
}

/** The LogoutResponse a redirect answer carries (null when the browser goes to the portal instead). */
function answeredXml(res: LightMyRequestResponse): string | null {
  const location = new URL(res.headers.location as string, 'http://portal.test');
  const encoded = location.searchParams.get('SAMLResponse');
  return encoded ? inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8') : null;
}

/** The status of the LogoutResponse a redirect answer carries (null when the browser goes to the portal instead). */
function answeredStatus(res: LightMyRequestResponse): string | null {
  return /<samlp:StatusCode Value="([^"]+)"/.exec(answeredXml(res) ?? '')?.[1] ?? null;
}

describe('SAML messages are bounded before they are parsed', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  // 600,000 nested elements in a NameID: a query string of a few KB that inflates to 4 MB.
  const deepRequest = deflated(logoutRequest(nested(600_000)));
  const form = (url: string, fields: Record<string, string>, cookie = ''): InjectOptions => ({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });

  it('the deep redirect-binding LogoutRequest is a few KB on the wire', () => {
    expect(deepRequest.length).toBeLessThan(10_000);
    expect(inflateRawSync(Buffer.from(deepRequest, 'base64')).length).toBeGreaterThan(4_000_000);
  });

  it.each(FEDERATIONS)('%s ls/ (HTTP-Redirect): an unsigned deep LogoutRequest is answered with a failure status, unread', async (federation) => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/ls/?SAMLRequest=${encodeURIComponent(deepRequest)}` });
    expect(res.statusCode).toBe(303);
    expect(answeredStatus(res)).toBe(REQUESTER);
  });

  it.each(FEDERATIONS)('%s ls/ (HTTP-Redirect): a deep LogoutRequest with a signature that does not verify is refused unread', async (federation) => {
    const sigAlg = encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const url = `${BASE[federation]}/ls/?SAMLRequest=${encodeURIComponent(deepRequest)}&SigAlg=${sigAlg}&Signature=${encodeURIComponent(base64('x'.repeat(256)))}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(303);
    expect(answeredStatus(res)).toBe(REQUESTER);
  });

  it.each(FEDERATIONS)('%s ls/ (HTTP-Redirect): a deep LogoutResponse lands on the login page', async (federation) => {
    const deepResponse = deflated(logoutResponse(nested(600_000)));
    const res = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/ls/?SAMLResponse=${encodeURIComponent(deepResponse)}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/login');
  });

  // Posted messages are limited by the form's size; within it, by the decoded size, the element
  // count, the depth and the DOCTYPE. The largest message within them is read.
  const withExtensions = (id: string) => (inner: string) =>
    `<samlp:LogoutRequest xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}">` +
    `<saml:Issuer>https://idp.example.org</saml:Issuer><samlp:Extensions>${inner}</samlp:Extensions><saml:NameID>someone</saml:NameID></samlp:LogoutRequest>`;
  const largestLogout = largestWithin(withExtensions('_largest'), LOGOUT);
  const postedLogouts: [string, string][] = [
    ['nested 2,000 deep (14 KB)', logoutRequest(nested(2_000))],
    ['of one element more than the bound', largestWithin(withExtensions('_over'), LOGOUT, 1)],
    ['of one byte more than the bound', largestWithin(withExtensions('_over'), LOGOUT).replace(' v="', ' v="x')],
    ['with a DOCTYPE with entities', `${LAUGHS}${logoutRequest('&e;')}`],
  ];

  it('the largest posted LogoutRequest within the bounds holds as many elements and bytes as they allow', () => {
    expect(Buffer.byteLength(largestLogout)).toBe(SAML_XML_LIMITS.logoutBytes);
    expect(largestLogout.match(/<[A-Za-z]/g)).toHaveLength(SAML_XML_LIMITS.maxLogoutElements);
    expect(Buffer.byteLength(postedLogouts[2]![1])).toBe(SAML_XML_LIMITS.logoutBytes + 1);
  });

  describe.each(FEDERATIONS)('%s ls/ (HTTP-POST)', (federation) => {
    it.each(postedLogouts)('a LogoutRequest %s is refused unread', async (_what, xml) => {
      const res = await t.app.inject(form(`${BASE[federation]}/ls/`, { SAMLRequest: base64(xml) }));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/ui/login');
    });
    it.each(postedLogouts)('a LogoutResponse %s lands on the login page', async (_what, xml) => {
      const res = await t.app.inject(form(`${BASE[federation]}/ls/`, { SAMLResponse: base64(xml.replace(/LogoutRequest/g, 'LogoutResponse')) }));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/ui/login');
    });
    it('the largest unsigned LogoutRequest within the bounds is read and answered with a failure status naming it', async () => {
      const res = await t.app.inject(form(`${BASE[federation]}/ls/`, { SAMLRequest: base64(largestLogout) }));
      expect(res.statusCode).toBe(303);
      expect(answeredStatus(res)).toBe(REQUESTER);
      expect(answeredXml(res)).toContain('InResponseTo="_largest"');
    });
  });

  describe.each(FEDERATIONS)('%s acs/ (HTTP-POST)', (federation) => {
    const genuine = async (requestId: string) =>
      (await idp.loginResponse({ federation, identity: federation === 'national' ? 'collab' : 'edugain-new', spEntityId: `${t.ctx.config.publicUrl}${BASE[federation]}/metadata/`, inResponseTo: requestId })).samlResponse;
    it.each<[string, (id: string) => string]>([
      ['nested 5,000 deep (35 KB)', (id) => loginResponse(id, nested(5_000))],
      ['of one element more than the bound', (id) => largestWithin((inner) => loginResponse(id, inner), RESPONSE, 1)],
      ['of one byte more than the bound', (id) => largestWithin((inner) => loginResponse(id, inner), RESPONSE).replace(' v="', ' v="x')],
      ['with a DOCTYPE with entities', (id) => `${LAUGHS}${loginResponse(id, '<x>&e;</x>')}`],
      ['the largest within the bounds, unsigned', (id) => largestWithin((inner) => loginResponse(id, inner), RESPONSE)],
    ])('a Response %s answering this browser’s own request is refused', async (_what, build) => {
      const { requestId, cookie } = await startLogin(t, federation);
      const res = await t.app.inject(form(`${BASE[federation]}/acs/`, { SAMLResponse: base64(build(requestId)) }, cookie));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(FAILED);
      expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
      // The request was not spent: the browser still signs in with the genuine answer.
      expect((await postToAcs(t, federation, await genuine(requestId), '', cookie)).headers.location).toBe('/ui/saml2-login-redirect');
    });
  });

  it.each([{}, { encryption: 'aes-256-gcm' as const }])('a genuine response with a hundred attribute values (%o) is within the bounds and signs in', async (variant) => {
    const collab = identityByKey('collab')!;
    const values = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`urn:oid:1.3.6.1.4.1.5923.1.1.1.7.${i}`, `urn:mace:example.org:entitlement:group-${i}-${'x'.repeat(40)}`]));
    const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: { ...collab, attributes: { ...collab.attributes, ...values } }, spEntityId, inResponseTo: requestId, variant });
    expect(Buffer.from(samlResponse, 'base64').length).toBeGreaterThan(SAML_XML_LIMITS.postedBytes / 2);
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
  });

  it('sends a browser whose message finds 64 already waiting to the error page that says to try again, reading nothing of it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const waiting = Array.from({ length: 65 }, () => readSamlMessageInTurn(t.ctx, '203.0.113.0', () => held));
    try {
      const res = await t.app.inject(form('/saml2/acs/', { SAMLResponse: 'not even base64 XML' }));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/ui/error?reason=busy');
      const logout = await t.app.inject({ method: 'GET', url: `/saml2/ls/?SAMLRequest=${encodeURIComponent(deepRequest)}` });
      expect(logout.headers.location).toBe('/ui/error?reason=busy');
    } finally {
      release();
      await Promise.all(waiting);
    }
  });
});

describe('logout started from another site', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };
  const active = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } })).json().active as boolean;
  const signIn = async (federation: Federation, identity: string) => {
    const { requestId, spEntityId, cookie } = await startLogin(t, federation);
    const { samlResponse } = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId });
    return cookiesOf(await postToAcs(t, federation, samlResponse, '', cookie));
  };

  it.each(FEDERATIONS)('a link from another site to %s logout ends nothing; the portal’s own navigation there does', async (federation) => {
    const cookie = await signIn(federation, federation === 'national' ? 'collab' : 'edugain-new');
    const linked = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/logout`, headers: { cookie, ...CROSS_SITE } });
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe('/ui/');
    expect(await active(cookie)).toBe(true);
    const own = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/logout`, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(302);
    expect(await active(cookie)).toBe(false);
  });

  it.each(FEDERATIONS)('a link from another site to %s ls/ with a message that does not verify ends nothing', async (federation) => {
    const cookie = await signIn(federation, federation === 'national' ? 'collab' : 'edugain-new');
    for (const query of ['SAMLRequest=x', 'SAMLResponse=x', `SAMLRequest=${encodeURIComponent(deflated(logoutRequest('someone')))}`]) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/ls/?${query}`, headers: { cookie, ...CROSS_SITE } });
      expect(res.statusCode).toBe(303);
      expect(await active(cookie)).toBe(true);
    }
  });

  it('the identity provider’s signed front-channel LogoutRequest, from its own site, still ends the session and is answered Success', async () => {
    const cookie = await signIn('national', 'staff');
    const row = await t.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.saml_name_id', 'sessions.saml_session_index'])
      .where('users.username', '=', 'staff')
      .executeTakeFirstOrThrow();
    const spEntityId = `${t.ctx.config.publicUrl}/saml2/metadata/`;
    const { samlRequest } = await idp.logoutRequest({ federation: 'national', spEntityId, nameId: row.saml_name_id!, sessionIndex: row.saml_session_index! });
    const res = await t.app.inject({
      method: 'POST',
      url: '/saml2/ls/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...CROSS_SITE },
      payload: new URLSearchParams({ SAMLRequest: samlRequest }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(answeredStatus(res)).toBe('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(await active(cookie)).toBe(false);
  });
});

describe('the forms identity providers post', () => {
  let t: TestApp;
  useSamlApp((started) => ({ t } = started));

  it.each(['/saml2/acs/', '/saml2/edugain/ls/'])('%s refuses a form larger than a bounded message needs, unread', async (url) => {
    const xml = loginResponse('_x', nested(40_000));
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ SAMLResponse: base64(xml) }).toString() });
    expect(res.statusCode).toBe(413);
  });
});
