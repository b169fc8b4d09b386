import { X509Certificate } from 'node:crypto';
import { SPMetadata } from 'samlify';
import { cookiesOf, startTestApp, type TestApp } from '../support/test-app';
import { BASE, postToAcs, startLogin, useSamlApp, type Federation } from '../support/saml';
import type { IdpStandIn } from '../../src/server/services/saml/stand-in/idp-stand-in';
import { ServiceProviders } from '../../src/server/services/saml/service-providers';

describe('SAML service provider metadata and single logout', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const signIn = async (federation: Federation, identity: string) => {
    const { requestId, spEntityId } = await startLogin(t, federation);
    const { samlResponse } = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId });
    const res = await postToAcs(t, federation, samlResponse);
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
    const meta = SPMetadata(res.body);
    expect(meta.getEntityID()).toBe(`${root}/metadata/`);
    expect(meta.getAssertionConsumerService('post')).toBe(`${root}/acs/`);
    expect(meta.getSingleLogoutService('post')).toBe(`${root}/ls/`);
    expect(meta.isWantAssertionsSigned()).toBe(true);
    expect(meta.isAuthnRequestSigned()).toBe(true);
    const cert = meta.getX509Certificate('signing') as string;
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

  it('ends every session of the identity when the identity provider starts the logout, and answers it', async () => {
    const { cookie } = await signIn('national', 'staff');
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
    // A tampered request ends nothing.
    const tampered = Buffer.from(Buffer.from(samlRequest, 'base64').toString().replace(row.saml_name_id!, '_someone-else')).toString('base64');
    const refused = await t.app.inject(form(tampered));
    expect(refused.headers.location).toBe('/ui/login');
    expect(await active(cookie)).toBe(true);

    const res = await t.app.inject(form(samlRequest));
    expect(res.statusCode).toBe(303);
    const answer = new URL(res.headers.location as string);
    expect(`${answer.origin}${answer.pathname}`).toBe(`${idp.url}/aai/slo`);
    expect(answer.searchParams.get('SAMLResponse')).toBeTruthy();
    expect(answer.searchParams.get('Signature')).toBeTruthy();
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
  });
});
