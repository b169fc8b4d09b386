import { X509Certificate } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { cookiesOf, startTestApp, type TestApp } from '../../harness/test-app';
import { BASE, postToAcs, startLogin, useSamlApp, type Federation } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import { ServiceProviders } from '../../src/server/saml/service-providers';
import { attributeOf, element, parseXml, textOf } from '../../src/server/saml/xml';

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const REQUESTER = 'urn:oasis:names:tc:SAML:2.0:status:Requester';

/** The ID of a LogoutRequest in the HTTP-POST binding. */
function requestIdOf(samlRequest: string): string {
  return /<samlp:LogoutRequest[^>]*\sID="([^"]+)"/.exec(Buffer.from(samlRequest, 'base64').toString())![1];
}

/** The LogoutResponse the portal sends back over HTTP-Redirect: where to, its top-level status and InResponseTo. */
function logoutAnswer(location: string) {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLResponse') ?? '', 'base64')).toString('utf8');
  return {
    endpoint: `${url.origin}${url.pathname}`,
    status: /<samlp:StatusCode Value="([^"]+)"/.exec(xml)?.[1],
    inResponseTo: /<samlp:LogoutResponse[^>]*\sInResponseTo="([^"]+)"/.exec(xml)?.[1],
    signed: Boolean(url.searchParams.get('Signature')),
  };
}

describe('SAML service provider metadata and single logout', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const signIn = async (federation: Federation, identity: string) => {
    const { requestId, spEntityId, cookie: binding } = await startLogin(t, federation);
    const { samlResponse } = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId });
    const res = await postToAcs(t, federation, samlResponse, '', binding);
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    const cookie = cookiesOf(res);
    const session = (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } })).json();
    return { cookie, csrf: session.csrftoken as string };
  };
  const active = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } })).json().active;

  it.each([
    ['national', '/saml2'],
    ['edugain', '/saml2/edugain'],
  ] as const)('publishes %s SP metadata with the entityID, an HTTP-POST ACS and the signing certificate', async (_federation, base) => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/metadata/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
    const root = `${t.ctx.config.publicUrl}${base}`;
    const meta = parseXml(res.body);
    const sp = '/md:EntityDescriptor/md:SPSSODescriptor';
    const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
    expect(meta.documentElement.getAttribute('entityID')).toBe(`${root}/metadata/`);
    expect(attributeOf(meta, `${sp}/md:AssertionConsumerService[@Binding='${POST}']`, 'Location')).toBe(`${root}/acs/`);
    expect(attributeOf(meta, `${sp}/md:SingleLogoutService[@Binding='${POST}']`, 'Location')).toBe(`${root}/ls/`);
    expect(attributeOf(meta, sp, 'WantAssertionsSigned')).toBe('true');
    expect(attributeOf(meta, sp, 'AuthnRequestsSigned')).toBe('true');
    const cert = textOf(element(meta, `${sp}/md:KeyDescriptor[@use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate`)!);
    const x509 = new X509Certificate(Buffer.from(cert.replace(/\s+/g, ''), 'base64'));
    expect(x509.publicKey.asymmetricKeyType).toBe('rsa');
    expect(new Date(x509.validTo).getTime()).toBeGreaterThan(Date.now());
    expect(res.body).toMatch(/<KeyDescriptor use="signing">/);
    expect(res.body).toMatch(/Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="[^"]+\/acs\/"/);
  });

  it('sends the AuthnRequest signed over HTTP-Redirect to the identity provider of its federation', async () => {
    for (const federation of ['national', 'edugain'] as const) {
      const { location } = await startLogin(t, federation);
      expect(location.href.startsWith(`${idp.url}${federation === 'national' ? '/aai' : '/edugainproxy'}/sso?`)).toBe(true);
      expect(location.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      expect(location.searchParams.get('Signature')).toBeTruthy();
      // The stand-in checks that signature against the published metadata before showing the picker.
      const picker = await fetch(location);
      expect(picker.status).toBe(200);
      expect(await picker.text()).toContain('<form method="post"');
    }
  });

  it('is refused by the identity provider when its signature is missing or does not cover what arrives', async () => {
    const { location } = await startLogin(t, 'national', '/ui/memberships');
    const unsigned = new URL(location);
    unsigned.searchParams.delete('Signature');
    const redirected = new URL(location.href.replace(/RelayState=[^&]+/, `RelayState=${encodeURIComponent('/ui/elsewhere')}`));
    const sha1 = new URL(location.href.replace(/SigAlg=[^&]+/, `SigAlg=${encodeURIComponent('http://www.w3.org/2000/09/xmldsig#rsa-sha1')}`));
    for (const altered of [unsigned, redirected, sha1]) {
      const answer = await fetch(altered);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('Refused');
    }
  });

  it('logs a national session out through single logout: the session ends first, the IdP answers, the browser lands on the login page', async () => {
    const { cookie, csrf } = await signIn('national', 'lead');
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie, 'x-csrftoken': csrf } });
    expect(logout.json()).toEqual({ redirect: '/saml2/logout' });
    const jar = cookiesOf(logout, cookie);
    // Ended even if the identity provider never answers.
    expect(await active(jar)).toBe(false);

    const slo = await t.app.inject({ method: 'GET', url: '/saml2/logout', headers: { cookie: jar } });
    expect(slo.statusCode).toBe(302);
    const target = new URL(slo.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${idp.url}/aai/slo`);
    expect(target.searchParams.get('Signature')).toBeTruthy();

    // The stand-in verifies the LogoutRequest and answers with a signed LogoutResponse form.
    const page = await (await fetch(target)).text();
    const action = page.match(/<form method="post" action="([^"]+)"/)?.[1];
    const response = page.match(/name="SAMLResponse" value="([^"]+)"/)?.[1];
    expect(action).toBe(`${t.ctx.config.publicUrl}/saml2/ls/`);
    expect(response).toBeTruthy();
    // What /saml2/ls/ does with it: the signed LogoutResponse validates, a tampered one does not.
    const sp = (await new ServiceProviders(t.ctx).get('national'))!;
    await expect(sp.logoutSaml.validatePostResponseAsync({ SAMLResponse: response! })).resolves.toEqual({ profile: null, loggedOut: true });
    const tampered = Buffer.from(Buffer.from(response!, 'base64').toString().replace('Success', 'Requester')).toString('base64');
    await expect(sp.logoutSaml.validatePostResponseAsync({ SAMLResponse: tampered })).rejects.toThrow();
    const done = await t.app.inject({
      method: 'POST',
      url: '/saml2/ls/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: response! }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/ui/login');
  });

  it('sends an eduGAIN session to the eduGAIN single logout', async () => {
    const { cookie, csrf } = await signIn('edugain', 'edugain-new');
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie, 'x-csrftoken': csrf } });
    expect(logout.json()).toEqual({ redirect: '/saml2/edugain/logout' });
    const slo = await t.app.inject({ method: 'GET', url: '/saml2/edugain/logout', headers: { cookie: cookiesOf(logout, cookie) } });
    expect((slo.headers.location as string).startsWith(`${idp.url}/edugainproxy/slo?SAMLRequest=`)).toBe(true);
  });

  it('ends a session that opens the logout address directly, and sends a visitor without one to the login page', async () => {
    const { cookie } = await signIn('national', 'collab');
    const slo = await t.app.inject({ method: 'GET', url: '/saml2/logout/', headers: { cookie } });
    expect((slo.headers.location as string).startsWith(`${idp.url}/aai/slo?`)).toBe(true);
    expect(await active(cookie)).toBe(false);
    const anonymous = await t.app.inject({ method: 'GET', url: '/saml2/logout/' });
    expect(anonymous.headers.location).toBe('/ui/login');
  });

  it('ends every session of the identity when the identity provider starts the logout, and answers it either way', async () => {
    const { cookie } = await signIn('national', 'staff');
    const other = await signIn('national', 'lead');
    const row = await t.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.saml_name_id', 'sessions.saml_session_index'])
      .where('users.username', '=', 'staff')
      .where('sessions.saml2_idp', '=', idp.entityId.national)
      .executeTakeFirstOrThrow();
    const spEntityId = `${t.ctx.config.publicUrl}/saml2/metadata/`;
    const { samlRequest, slsUrl } = await idp.logoutRequest({ federation: 'national', spEntityId, nameId: row.saml_name_id!, sessionIndex: row.saml_session_index! });
    expect(slsUrl).toBe(`${t.ctx.config.publicUrl}/saml2/ls/`);
    const form = (samlRequestValue: string) => ({
      method: 'POST' as const,
      url: '/saml2/ls/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLRequest: samlRequestValue }).toString(),
    });
    // A tampered request ends no session of that identity, and is answered with a failure status.
    const tampered = Buffer.from(Buffer.from(samlRequest, 'base64').toString().replace(row.saml_name_id!, '_someone-else')).toString('base64');
    const refused = await t.app.inject(form(tampered));
    expect(refused.statusCode).toBe(303);
    expect(logoutAnswer(refused.headers.location as string)).toEqual({ endpoint: `${idp.url}/aai/slo`, status: REQUESTER, inResponseTo: requestIdOf(samlRequest), signed: true });
    expect(await active(cookie)).toBe(true);

    const res = await t.app.inject(form(samlRequest));
    expect(res.statusCode).toBe(303);
    expect(logoutAnswer(res.headers.location as string)).toEqual({ endpoint: `${idp.url}/aai/slo`, status: SUCCESS, inResponseTo: requestIdOf(samlRequest), signed: true });
    expect(await active(cookie)).toBe(false);
    // Another identity's session stays.
    expect(await active(other.cookie)).toBe(true);
  });

  it('answers a LogoutRequest sent with the identity provider’s defaults (unsigned) with a failure status, and ends this browser’s session', async () => {
    const { cookie } = await signIn('national', 'collab');
    const row = await t.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.saml_name_id'])
      .where('users.username', '=', 'collab')
      .executeTakeFirstOrThrow();
    const spEntityId = `${t.ctx.config.publicUrl}/saml2/metadata/`;
    const { samlRequest } = await idp.logoutRequest({ federation: 'national', spEntityId, nameId: row.saml_name_id! });
    const unsigned = Buffer.from(Buffer.from(samlRequest, 'base64').toString().replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')).toString('base64');
    expect(Buffer.from(unsigned, 'base64').toString()).not.toContain('SignatureValue');
    // HTTP-POST binding.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/saml2/ls/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ SAMLRequest: unsigned, RelayState: 'idp-state' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    const answer = new URL(posted.headers.location as string);
    expect(answer.searchParams.get('RelayState')).toBe('idp-state');
    expect(logoutAnswer(posted.headers.location as string)).toEqual({ endpoint: `${idp.url}/aai/slo`, status: REQUESTER, inResponseTo: requestIdOf(samlRequest), signed: true });
    expect(posted.cookies.find((c) => c.name === 'computing_session')?.value).toBe('');
    expect(await active(cookie)).toBe(false);
    // HTTP-Redirect binding, unsigned, at the eduGAIN service provider.
    const deflated = deflateRawSync(Buffer.from(unsigned, 'base64')).toString('base64');
    const redirected = await t.app.inject({ method: 'GET', url: `/saml2/edugain/ls/?SAMLRequest=${encodeURIComponent(deflated)}` });
    expect(redirected.statusCode).toBe(303);
    expect(logoutAnswer(redirected.headers.location as string)).toMatchObject({ endpoint: `${idp.url}/edugainproxy/slo`, status: REQUESTER });
    // Not a LogoutRequest at all: nothing to answer, the login page, never a 5xx.
    const garbage = await t.app.inject({ method: 'GET', url: '/saml2/ls/?SAMLRequest=%25%25%25' });
    expect(garbage.statusCode).toBe(303);
    expect(garbage.headers.location).toBe('/ui/login');
  });

  it('sends a logout to the identity provider of the service provider the session signed in through, whatever its entity id says', async () => {
    // A national identity provider whose entity id happens to contain the word the old rule looked for.
    const { cookie, csrf } = await signIn('national', 'staff');
    const session = await t.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.saml_federation'])
      .where('users.username', '=', 'staff')
      .where('sessions.saml2_idp', 'is not', null)
      .orderBy('sessions.created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.saml_federation).toBe('national');
    await t.ctx.db.updateTable('sessions').set({ saml2_idp: 'https://login.example.org/edugainproxy/national/' }).where('id', '=', session.id).execute();
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie, 'x-csrftoken': csrf } });
    expect(logout.json()).toEqual({ redirect: '/saml2/logout' });
    const slo = await t.app.inject({ method: 'GET', url: '/saml2/logout', headers: { cookie: cookiesOf(logout, cookie) } });
    expect((slo.headers.location as string).startsWith(`${idp.url}/aai/slo?SAMLRequest=`)).toBe(true);
  });

  it('does not send a national session’s logout to the eduGAIN identity provider', async () => {
    const { cookie } = await signIn('national', 'collab');
    const slo = await t.app.inject({ method: 'GET', url: '/saml2/edugain/logout', headers: { cookie } });
    expect(slo.headers.location).toBe('/ui/login');
    expect(await active(cookie)).toBe(false);
  });

  it('does not trust a forged logout cookie', async () => {
    const forged = Buffer.from(JSON.stringify({ issuer: idp.entityId.national, nameId: 'x' })).toString('base64url');
    const res = await t.app.inject({ method: 'GET', url: '/saml2/logout', headers: { cookie: `computing_saml_logout=${forged}.bad` } });
    expect(res.headers.location).toBe('/ui/login');
  });
});

describe('SAML endpoints without a configured federation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it.each(Object.values(BASE))('%s/login/ leads to the error page that says federated sign-in is not enabled, metadata/ is 404', async (base) => {
    const login = await t.app.inject({ method: 'GET', url: `${base}/login/` });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/ui/error?reason=federation');
    const meta = await t.app.inject({ method: 'GET', url: `${base}/metadata/` });
    expect(meta.statusCode).toBe(404);
    expect(meta.json().status.key).toBe('notFound');
    const inCroatian = await t.app.inject({ method: 'GET', url: `${base}/metadata/`, headers: { 'accept-language': 'hr' } });
    expect(inCroatian.json().status.message).toBe('Ova federacija nije podešena');
  });
});
