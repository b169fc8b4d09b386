import type { TestApp } from '../support/test-app';
import { postToAcs, startLogin, startSamlApp, useSamlApp, type Federation } from '../support/saml';
import type { IdpStandIn } from '../../src/server/services/saml/stand-in/idp-stand-in';
import type { ResponseVariant } from '../../src/server/services/saml/stand-in/idp-entities';

/**
 * Responses built and signed by the stand-in identity provider, then altered the ways an attacker
 * or a broken clock would. Each must land on the error page with no session and nothing written.
 */
describe('federated sign-in refuses untrustworthy responses', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const snapshot = async () => ({
    users: await t.ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await t.ctx.db.selectFrom('sessions').select('id').orderBy('id').execute(),
  });
  const response = async (identity: string, variant?: ResponseVariant, federation: Federation = 'national', app = t) => {
    const { requestId, spEntityId } = await startLogin(app, federation);
    const built = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId, variant });
    return { ...built, requestId };
  };
  const expectRefused = async (samlResponse: string, federation: Federation = 'national', app = t) => {
    const before = await snapshot();
    const res = await postToAcs(app, federation, samlResponse);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/error?reason=saml');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  };
  const edit = (samlResponse: string, change: (xml: string) => string) => {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const changed = change(xml);
    expect(changed).not.toBe(xml);
    return Buffer.from(changed).toString('base64');
  };

  it('accepts the untouched response (the baseline every case below alters)', async () => {
    const { samlResponse } = await response('collab');
    const res = await postToAcs(t, 'national', samlResponse);
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
  });

  it('refuses a response whose signed assertion was tampered with', async () => {
    const { samlResponse } = await response('collab');
    // Someone else's national id in the signed assertion: the digest no longer matches.
    await expectRefused(edit(samlResponse, (xml) => xml.replace('13625737435', '20930726687')));
  });

  it('refuses a response with a forged signature value', async () => {
    const { samlResponse } = await response('collab');
    await expectRefused(edit(samlResponse, (xml) => xml.replace(/<ds:SignatureValue>([A-Za-z0-9+/])/, (_m, c: string) => `<ds:SignatureValue>${c === 'A' ? 'B' : 'A'}`)));
  });

  it('refuses an assertion for another audience', async () => {
    const { samlResponse } = await response('collab', { audience: 'https://other-portal.example.org/saml2/metadata/' });
    await expectRefused(samlResponse);
  });

  it('refuses an expired assertion (beyond the allowed clock skew)', async () => {
    const past = Date.now() - 10 * 60_000;
    const { samlResponse } = await response('collab', { notBefore: new Date(past - 5 * 60_000), notOnOrAfter: new Date(past) });
    await expectRefused(samlResponse);
  });

  it('refuses an assertion that is not valid yet', async () => {
    const future = Date.now() + 10 * 60_000;
    const { samlResponse } = await response('collab', { notBefore: new Date(future), notOnOrAfter: new Date(future + 5 * 60_000) });
    await expectRefused(samlResponse);
  });

  it('refuses an unsigned assertion even inside a signed response', async () => {
    const { samlResponse } = await response('collab', { unsignedAssertion: true });
    expect(Buffer.from(samlResponse, 'base64').toString()).toContain('SignatureValue');
    await expectRefused(samlResponse);
  });

  it('accepts a response once and refuses it when replayed', async () => {
    const { samlResponse } = await response('collab');
    const first = await postToAcs(t, 'national', samlResponse);
    expect(first.headers.location).toBe('/ui/saml2-login-redirect');
    await expectRefused(samlResponse);
  });

  it('refuses a replay at a second app on the same database', async () => {
    const second = await startSamlApp(idp, { database: t.database });
    try {
      const { samlResponse } = await response('collab');
      const first = await postToAcs(t, 'national', samlResponse);
      expect(first.headers.location).toBe('/ui/saml2-login-redirect');
      await expectRefused(samlResponse, 'national', second);
      // And the other way round: what the second app accepted, the first refuses.
      const other = await response('collab', undefined, 'national', second);
      expect((await postToAcs(second, 'national', other.samlResponse)).headers.location).toBe('/ui/saml2-login-redirect');
      await expectRefused(other.samlResponse, 'national', t);
    } finally {
      await second.app.close();
    }
  });

  it('accepts only one of two simultaneous posts of the same response', async () => {
    const second = await startSamlApp(idp, { database: t.database });
    try {
      const { samlResponse } = await response('collab');
      const answers = await Promise.all([postToAcs(t, 'national', samlResponse), postToAcs(second, 'national', samlResponse)]);
      expect(answers.map((a) => a.headers.location).sort()).toEqual(['/ui/error?reason=saml', '/ui/saml2-login-redirect']);
    } finally {
      await second.app.close();
    }
  });

  it('refuses an unsolicited response (no InResponseTo)', async () => {
    const { samlResponse } = await response('collab', { unsolicited: true });
    expect(Buffer.from(samlResponse, 'base64').toString()).not.toContain('InResponseTo');
    await expectRefused(samlResponse);
  });

  it('refuses a response to a request this portal never sent', async () => {
    const { spEntityId } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: '_never-sent-0123456789' });
    await expectRefused(samlResponse);
  });

  it("refuses the national identity provider's response at the eduGAIN service provider", async () => {
    const { samlResponse } = await response('collab');
    await expectRefused(samlResponse, 'edugain');
  });

  it('refuses garbage and missing responses without a 500', async () => {
    await expectRefused(Buffer.from('<not-saml/>').toString('base64'));
    await expectRefused('%%% not base64 %%%');
    const empty = await t.app.inject({ method: 'POST', url: '/saml2/acs/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/ui/error?reason=saml');
  });
});
