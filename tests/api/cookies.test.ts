import type { PrivacyNotice } from '../../generated';
import { languageCookie } from '../../src/client/i18n/language-cookie';
import { readConsts } from '../../src/schema-runtime';
import { cookiesOf, type TestApp } from '../../harness/test-app';
import { addUser } from '../support/fixtures';
import { postToAcs, startLogin, useSamlApp } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';

/**
 * Every cookie the portal sets is strictly necessary and listed in the privacy notice
 * (rules/privacy.json `cookies`). The test app records the Set-Cookie of every answer it sends,
 * whichever route; the walk below passes every place the server sets one — the session check, a
 * password sign-in and sign-out, both federations' sign-in, a federated sign-out through single
 * logout. A cookie not on the list fails it, and so does a listed one that nothing sets any more,
 * but for the language cookie, which the web client writes (the browser test checks that one).
 */
describe('the cookies the portal sets', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  it('sets only the cookies the privacy notice lists, and each of them somewhere', async () => {
    const key = t.ctx.schemas.service.serviceKey;
    await addUser(t.ctx, 'cookie-user');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: cookiesOf(anonymous), 'x-csrftoken': anonymous.json().csrftoken },
      payload: { username: 'cookie-user', password: 'cookie-user' },
    });
    expect(login.statusCode).toBe(200);
    const jar = cookiesOf(login, cookiesOf(anonymous));
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: jar } });
    await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: jar, 'x-csrftoken': session.json().csrftoken } });

    // A national sign-in through the federation, and its sign-out through single logout.
    const { requestId, spEntityId, cookie: binding } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'lead', spEntityId, inResponseTo: requestId });
    const acs = await postToAcs(t, 'national', samlResponse, '', binding);
    expect(acs.headers.location).toBe('/ui/saml2-login-redirect');
    const federated = cookiesOf(acs);
    const check = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: federated } });
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: federated, 'x-csrftoken': check.json().csrftoken } });
    await t.app.inject({ method: 'GET', url: '/saml2/logout', headers: { cookie: cookiesOf(logout, federated) } });
    await startLogin(t, 'edugain');

    const seen = t.cookiesSet;
    const listed = readConsts<PrivacyNotice>(t.ctx.schemas.schema('rules/privacy')).cookies.map((c) => c.name.split('{serviceKey}').join(key));
    expect(seen.size).toBeGreaterThan(3);
    expect([...seen].filter((name) => !listed.includes(name))).toEqual([]);
    // The web client writes the language cookie itself; the server never does.
    const clientOnly = languageCookie(key, 'en').split('=')[0];
    expect(seen.has(clientOnly)).toBe(false);
    expect(listed.filter((name) => !seen.has(name) && name !== clientOnly)).toEqual([]);
  });
});
