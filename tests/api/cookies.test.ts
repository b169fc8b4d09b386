import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { PrivacyNotice } from '../../generated';
import { languageCookie } from '../../src/client/i18n/language-cookie';
import { readConsts } from '../../src/schema-runtime';
import { cookiesOf, type TestApp } from '../support/test-app';
import { addUser } from '../support/fixtures';
import { postToAcs, startLogin, useSamlApp } from '../support/saml';
import type { IdpStandIn } from '../../src/server/services/saml/stand-in/idp-stand-in';

/**
 * Every cookie the portal sets is strictly necessary and listed in the privacy notice
 * (rules/privacy.json `cookies`). The walk below passes every place the server sets one — the
 * session check, a password sign-in and sign-out, both federations' sign-in, a federated sign-out
 * through single logout — and the web client's language cookie; a cookie not on the list fails it,
 * and so does a listed one that nothing sets any more.
 */
describe('the cookies the portal sets', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));
  const seen = new Set<string>();

  /** The app as the helpers use it, noting the name of every cookie an answer sets. */
  const noting = (): TestApp => ({
    ...t,
    app: {
      inject: async (options: InjectOptions) => {
        const res: LightMyRequestResponse = await t.app.inject(options);
        for (const cookie of res.cookies) seen.add(cookie.name);
        return res;
      },
    } as unknown as TestApp['app'],
  });

  it('sets only the cookies the privacy notice lists, and each of them somewhere', async () => {
    const app = noting();
    const key = t.ctx.schemas.service.serviceKey;
    await addUser(t.ctx, 'cookie-user');

    const anonymous = await app.app.inject({ method: 'GET', url: '/api/v1/sessionactive' });
    const login = await app.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: cookiesOf(anonymous), 'x-csrftoken': anonymous.json().csrftoken },
      payload: { username: 'cookie-user', password: 'cookie-user' },
    });
    expect(login.statusCode).toBe(200);
    const jar = cookiesOf(login, cookiesOf(anonymous));
    const session = await app.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: jar } });
    await app.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: jar, 'x-csrftoken': session.json().csrftoken } });

    // A national sign-in through the federation, and its sign-out through single logout.
    const { requestId, spEntityId, cookie: binding } = await startLogin(app, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'lead', spEntityId, inResponseTo: requestId });
    const acs = await postToAcs(app, 'national', samlResponse, '', binding);
    expect(acs.headers.location).toBe('/ui/saml2-login-redirect');
    const federated = cookiesOf(acs);
    const check = await app.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: federated } });
    const logout = await app.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: federated, 'x-csrftoken': check.json().csrftoken } });
    await app.app.inject({ method: 'GET', url: '/saml2/logout', headers: { cookie: cookiesOf(logout, federated) } });
    await startLogin(app, 'edugain');

    // The web client writes the language cookie itself.
    seen.add(languageCookie(key, 'en').split('=')[0]);

    const listed = readConsts<PrivacyNotice>(t.ctx.schemas.schema('rules/privacy')).cookies.map((c) => c.name.split('{serviceKey}').join(key));
    expect([...seen].filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !seen.has(name))).toEqual([]);
  });
});
