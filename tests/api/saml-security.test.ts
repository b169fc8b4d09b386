import { cookiesOf, type TestApp } from '../../harness/test-app';
import { postToAcs, startIdpStandIn, startLogin, startSamlApp, useSamlApp, type Federation } from '../../harness/saml';
import { consumeLoginResponse } from '../../src/server/saml/acs';
import { ServiceProviders } from '../../src/server/saml/service-providers';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';

/**
 * The mechanisms that bind a federated sign-in to the browser that asked (docs/decisions/0250):
 * the binding cookie, the clock skew setting, and unsolicited responses where a federation allows
 * them. The attacks on them — wrapping, comments, replay, misaddressed, mistimed and foreign
 * responses, another browser's response, open redirects — are in saml-adversarial.test.ts.
 */
describe('federated sign-in is bound to the browser that started it', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const OTHER_BROWSER = '/ui/saml2-error/otherbrowser?federation=national';
  const sessions = async () => (await t.ctx.db.selectFrom('sessions').select('id').execute()).length;
  const signedResponse = async (federation: Federation = 'national', previous = '') => {
    const { requestId, spEntityId, cookie } = await startLogin(t, federation, '', previous);
    const { samlResponse } = await idp.loginResponse({ federation, identity: federation === 'national' ? 'collab' : 'edugain-new', spEntityId, inResponseTo: requestId });
    return { samlResponse, cookie, requestId };
  };
  const expectNoSession = async (res: Awaited<ReturnType<typeof postToAcs>>, page: string, before: number) => {
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(page);
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
    expect(await sessions()).toBe(before);
  };

  it('names the request in a short-lived, signed, HttpOnly cookie for /saml2 (SameSite=Lax over http)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/saml2/login/' });
    const binding = res.cookies.find((c) => c.name === 'computing_saml_request');
    expect(binding).toMatchObject({ path: '/saml2', httpOnly: true, sameSite: 'Lax', maxAge: 1800 });
    expect(binding?.secure).toBeFalsy();
  });

  it('a second client posting the first browser’s response gets no session, and the first browser can still use it', async () => {
    const { samlResponse, cookie } = await signedResponse();
    const before = await sessions();
    await expectNoSession(await postToAcs(t, 'national', samlResponse), OTHER_BROWSER, before);
    // The refused post consumed nothing: the browser that asked signs in with it.
    const own = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(own.headers.location).toBe('/ui/saml2-login-redirect');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(own) } })).json().active).toBe(true);
  });

  it('keeps the sign-ins of two tabs of one browser apart', async () => {
    const first = await signedResponse();
    const second = await signedResponse('edugain', first.cookie);
    expect((await postToAcs(t, 'edugain', second.samlResponse, '', second.cookie)).headers.location).toBe('/ui/saml2-login-redirect');
    expect((await postToAcs(t, 'national', first.samlResponse, '', second.cookie)).headers.location).toBe('/ui/saml2-login-redirect');
  });

  it('refuses an expired sign-in on the page that says so', async () => {
    const { samlResponse, cookie, requestId } = await signedResponse();
    await t.ctx.db.updateTable('saml_requests').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', requestId).execute();
    await expectNoSession(await postToAcs(t, 'national', samlResponse, '', cookie), '/ui/saml2-error/expired?federation=national', await sessions());
  });
});

describe('the binding cookie over https', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startIdpStandIn();
    t = await startSamlApp(idp, { config: { publicUrl: 'https://portal.example.org', https: true } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('is SameSite=None and Secure, so the identity provider’s cross-site POST carries it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/saml2/edugain/login/' });
    expect(res.cookies.find((c) => c.name === 'computing_saml_request')).toMatchObject({ path: '/saml2', httpOnly: true, sameSite: 'None', secure: true });
  });
});

describe('clock skew', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  it('says, for the error log, that an assertion was refused for its time and with which skew', async () => {
    const { requestId, spEntityId } = await startLogin(t, 'national');
    const ahead = Date.now() + 10 * 60_000;
    const { samlResponse } = await idp.loginResponse({
      federation: 'national',
      identity: 'collab',
      spEntityId,
      inResponseTo: requestId,
      variant: { notBefore: new Date(ahead), notOnOrAfter: new Date(ahead + 5 * 60_000) },
    });
    const sp = (await new ServiceProviders(t.ctx).get('national'))!;
    const outcome = await consumeLoginResponse(t.ctx, sp, samlResponse, [requestId]);
    expect(outcome).toMatchObject({ ok: false, redirect: '/ui/error?reason=saml', clockSkewSeconds: 180 });
    expect(outcome.ok === false && outcome.reason).toMatch(/not yet valid \(clock skew allowed: 180 s, SAML_CLOCK_SKEW_SECONDS\)/);
  });
});

describe('unsolicited (identity-provider-started) responses where a federation allows them', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startIdpStandIn();
    t = await startSamlApp(idp, { saml: { allowUnsolicited: ['national'] } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const unsolicited = async (federation: Federation = 'national') => {
    const spEntityId = `${t.ctx.config.publicUrl}${federation === 'national' ? '/saml2' : '/saml2/edugain'}/metadata/`;
    const identity = federation === 'national' ? 'collab' : 'edugain-new';
    return (await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: '', variant: { unsolicited: true } })).samlResponse;
  };

  it('accepts one towards a page of the portal, once, without a binding cookie', async () => {
    const samlResponse = await unsolicited();
    const res = await postToAcs(t, 'national', samlResponse, '/ui/memberships');
    expect(res.headers.location).toBe('/ui/memberships');
    const session = (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(res) } })).json();
    expect(session.userdetails.username).toBe('collab');
    const replay = await postToAcs(t, 'national', samlResponse, '/ui/memberships');
    expect(replay.headers.location).toBe('/ui/saml2-error/expired?federation=national');
    expect(replay.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
  });

  it.each(['https://evil.example/ui/x', '//evil.example/ui/', '/\\evil.example', '/api/v1/sessionactive'])(
    'sends one whose RelayState is %j to the landing page instead',
    async (relayState) => {
      const res = await postToAcs(t, 'national', await unsolicited(), relayState);
      expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    },
  );

  it('still refuses them at a federation the setting does not name', async () => {
    const res = await postToAcs(t, 'edugain', await unsolicited('edugain'), '/ui/memberships');
    expect(res.headers.location).toBe('/ui/saml2-error/unsolicited?federation=edugain');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
  });

  it('refuses a solicited response stripped of its InResponseTo (the signed assertion still answers a request)', async () => {
    const { requestId, spEntityId } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: requestId });
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const stripped = xml.replace(/(<samlp:Response[^>]*?) InResponseTo="[^"]*"/, '$1');
    expect(stripped).not.toBe(xml);
    const res = await postToAcs(t, 'national', Buffer.from(stripped).toString('base64'));
    expect(res.headers.location).toBe('/ui/error?reason=saml');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
  });

  it('still binds solicited responses to the browser', async () => {
    const { requestId, spEntityId } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: requestId });
    expect((await postToAcs(t, 'national', samlResponse)).headers.location).toBe('/ui/saml2-error/otherbrowser?federation=national');
  });
});
