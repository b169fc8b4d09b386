import type { LightMyRequestResponse } from 'fastify';
import { cookiesOf, type TestApp } from '../../harness/test-app';
import { postToAcs, startLogin, startSamlApp, useSamlApp, type Federation } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import type { ResponseVariant } from '../../src/server/saml/stand-in/idp-entities';
import { identityByKey } from '../../src/server/saml/stand-in/demo-identities';
import { consumeLoginResponse } from '../../src/server/saml/acs';
import { ServiceProviders } from '../../src/server/saml/service-providers';

/**
 * The adversarial suite: responses built as real XML and signed with the stand-in identity
 * provider's key, in the shapes that break SAML deployments — signature wrapping, comments inside
 * signed values, replay, misaddressed or mistimed assertions, foreign signers and issuers, open
 * redirects. Every response is posted with the binding cookie of the browser that started its
 * login, so each case is refused for what it alters, not for a missing cookie. A refused case sets
 * no session, leaves the browser signed out, writes nothing, lands on its error page and is never a
 * 5xx.
 */
const FAILED = '/ui/error?reason=saml';
const USED = '/ui/saml2-error/expired?federation=national';
const LANDING = '/ui/saml2-login-redirect';
const lead = identityByKey('lead')!;

describe('federated sign-in refuses forged, replayed and misdirected responses', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const snapshot = async (app = t) => ({
    users: await app.ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await app.ctx.db.selectFrom('sessions').select('id').orderBy('id').execute(),
  });
  const sessionOf = async (cookie: string, app = t) =>
    (await app.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } })).json() as { active: boolean; userdetails?: { username: string; person_uniqueid: string } };
  const response = async (identity: string, variant?: ResponseVariant, federation: Federation = 'national', app = t) => {
    const { requestId, spEntityId, cookie } = await startLogin(app, federation);
    const built = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId, variant });
    return { ...built, requestId, cookie };
  };
  const expectRefused = async (samlResponse: string, cookie: string, page = FAILED, federation: Federation = 'national', app = t) => {
    const before = await snapshot(app);
    const res = await postToAcs(app, federation, samlResponse, '', cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(page);
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
    expect((await sessionOf(cookiesOf(res, cookie), app)).active).toBe(false);
    expect(await snapshot(app)).toEqual(before);
  };
  const signedIn = async (res: LightMyRequestResponse, app = t) => {
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(LANDING);
    const session = await sessionOf(cookiesOf(res), app);
    expect(session.active).toBe(true);
    return session.userdetails!;
  };
  const edit = (samlResponse: string, change: (xml: string) => string) => {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const changed = change(xml);
    expect(changed).not.toBe(xml);
    return Buffer.from(changed).toString('base64');
  };
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  /**
   * Why the ACS refuses a response (what the log says): a case refused for another reason proves
   * nothing. Only for responses refused before their request is spent, which asking leaves unspent.
   */
  const reasonFor = async (samlResponse: string, requestId: string) => {
    const outcome = await consumeLoginResponse(t.ctx, (await new ServiceProviders(t.ctx).get('national'))!, samlResponse, [requestId]);
    return outcome.ok ? 'accepted' : outcome.reason;
  };

  it('accepts the untouched response (the baseline every case below alters)', async () => {
    const { samlResponse, cookie } = await response('collab');
    expect((await signedIn(await postToAcs(t, 'national', samlResponse, '', cookie))).username).toBe('collab');
  });

  describe('signature wrapping: an unsigned assertion for another identity beside a signed one', () => {
    it.each([
      ['before the signed assertion', 'before', /multiple assertions/],
      ['after the signed assertion', 'after', /multiple assertions/],
      ['inside the signed assertion (its Advice, added after signing)', 'inside', /^Invalid signature$/],
      ['in an unsigned Response that carries the signed Response in its Extensions', 'response', /^Invalid signature$/],
    ] as const)('refuses one %s', async (_where, placement, reason) => {
      const { samlResponse, cookie, requestId } = await response('collab', { wrapping: { placement, identity: lead } });
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
      // Both identities are in the document, the other one's unsigned.
      expect(xml).toContain(lead.attributes.hrEduPersonOIB);
      expect(xml).toContain('13625737435');
      expect(xml.match(/<ds:SignatureValue>/g)).toHaveLength(1);
      expect(await reasonFor(samlResponse, requestId)).toMatch(reason);
      await expectRefused(samlResponse, cookie);
    });
  });

  describe('a comment inside a signed value (exclusive c14n ignores it, so the signature holds)', () => {
    it('reads the whole NameID, not the part before the comment', async () => {
      const { samlResponse, cookie } = await response('collab', { comment: { in: 'NameID', at: 8 } });
      const nameId = /<saml:NameID [^>]*>([^<]*)<!---->([^<]*)<\/saml:NameID>/.exec(Buffer.from(samlResponse, 'base64').toString('utf8'));
      expect(nameId).not.toBeNull();
      const user = await signedIn(await postToAcs(t, 'national', samlResponse, '', cookie));
      const row = await t.ctx.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.saml_name_id')
        .where('users.username', '=', user.username)
        .orderBy('sessions.created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.saml_name_id).toBe(nameId![1] + nameId![2]);
    });

    it('reads the whole OIB: a comment after its sixth digit still finds the account of all eleven', async () => {
      const { samlResponse, cookie } = await response('collab', { comment: { in: 'hrEduPersonOIB', at: 6 } });
      expect(Buffer.from(samlResponse, 'base64').toString('utf8')).toContain('136257<!---->37435');
      expect(await signedIn(await postToAcs(t, 'national', samlResponse, '', cookie))).toMatchObject({ username: 'collab' });
    });

    it('reads the whole OIB: a longer signed value cut at a comment to another person’s is refused, not that person', async () => {
      const attacker = structuredClone(identityByKey('new-national')!);
      attacker.attributes.hrEduPersonOIB = `${lead.attributes.hrEduPersonOIB}7`;
      const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
      const { samlResponse } = await idp.loginResponse({
        federation: 'national',
        identity: attacker,
        spEntityId,
        inResponseTo: requestId,
        variant: { comment: { in: 'hrEduPersonOIB', at: 11 } },
      });
      await expectRefused(samlResponse, cookie);
    });

    it('reads the whole eduPersonPrincipalName: the account is the signed scope’s, not the shorter one', async () => {
      const eppn = identityByKey('edugain-new')!.attributes.eduPersonPrincipalName;
      const { samlResponse, cookie } = await response('edugain-new', { comment: { in: 'eduPersonPrincipalName', at: eppn.length - 3 } }, 'edugain');
      const user = await signedIn(await postToAcs(t, 'edugain', samlResponse, '', cookie));
      expect(user).toMatchObject({ username: eppn, person_uniqueid: eppn });
    });
  });

  it('refuses a response whose signed assertion was tampered with', async () => {
    const { samlResponse, cookie } = await response('collab');
    // Someone else's national id in the signed assertion: the digest no longer matches.
    await expectRefused(edit(samlResponse, (xml) => xml.replace('13625737435', lead.attributes.hrEduPersonOIB)), cookie);
  });

  it('refuses a response with a forged signature value', async () => {
    const { samlResponse, cookie } = await response('collab');
    const forged = edit(samlResponse, (xml) => xml.replace(/<ds:SignatureValue>([A-Za-z0-9+/])/, (_m, c: string) => `<ds:SignatureValue>${c === 'A' ? 'B' : 'A'}`));
    await expectRefused(forged, cookie);
  });

  it.each<[string, () => ResponseVariant, RegExp]>([
    ['an assertion for another audience', () => ({ audience: 'https://other-portal.example.org/saml2/metadata/' }), /audience mismatch/],
    ['an assertion whose subject confirmation names another ACS as Recipient', () => ({ recipient: 'https://other-portal.example.org/saml2/acs/' }), /^Recipient/],
    ['a response whose Destination is another ACS', () => ({ destination: 'https://other-portal.example.org/saml2/acs/' }), /^Destination/],
    ['an expired assertion (beyond the allowed clock skew)', () => ({ notBefore: minutes(-15), notOnOrAfter: minutes(-10) }), /No valid subject confirmation.*clock skew allowed: 180 s/],
    ['an assertion not valid yet (beyond the allowed clock skew)', () => ({ notBefore: minutes(10), notOnOrAfter: minutes(15) }), /not yet valid.*clock skew allowed: 180 s/],
    ['an assertion signed by a key the metadata does not publish', () => ({ signWith: 'other-key' }), /^Invalid signature$/],
    ['an assertion whose Issuer is another entity (signed with the right key)', () => ({ issuer: 'https://idp.attacker.example/saml2/idp/' }), /^assertion issued by https:\/\/idp\.attacker\.example/],
    ['an unsigned assertion inside a signed response', () => ({ unsignedAssertion: true }), /^Invalid signature$/],
  ])('refuses %s', async (_case, variant, reason) => {
    const { samlResponse, cookie, requestId } = await response('collab', variant());
    expect(Buffer.from(samlResponse, 'base64').toString()).toContain('SignatureValue');
    expect(await reasonFor(samlResponse, requestId)).toMatch(reason);
    await expectRefused(samlResponse, cookie);
  });

  it('refuses a response whose own Issuer (outside the signed assertion) names another entity', async () => {
    const { samlResponse, cookie, requestId } = await response('collab');
    // The Response's Issuer comes first; the signed assertion's stays as signed.
    const other = edit(samlResponse, (xml) => xml.replace(/<saml:Issuer>[^<]*<\/saml:Issuer>/, '<saml:Issuer>https://idp.attacker.example/</saml:Issuer>'));
    expect(await reasonFor(other, requestId)).toMatch(/^response issued by https:\/\/idp\.attacker\.example/);
    await expectRefused(other, cookie);
  });

  it.each([
    ['ahead', { notBefore: minutes(2), notOnOrAfter: minutes(7) }],
    ['behind', { notBefore: minutes(-7), notOnOrAfter: minutes(-2) }],
  ])('accepts an identity provider 120 s %s: within the default skew of 180 s (Shibboleth’s)', async (_way, variant) => {
    expect(t.ctx.config.saml.clockSkewSeconds).toBe(180);
    const { samlResponse, cookie } = await response('collab', variant);
    await signedIn(await postToAcs(t, 'national', samlResponse, '', cookie));
  });

  it('accepts a response once and refuses it when replayed, with or without the browser’s cookie', async () => {
    const { samlResponse, cookie } = await response('collab');
    const first = await postToAcs(t, 'national', samlResponse, '', cookie);
    await signedIn(first);
    // The answered request leaves the browser's binding cookie.
    expect(cookiesOf(first, cookie)).not.toContain('computing_saml_request=');
    await expectRefused(samlResponse, cookie, USED);
    await expectRefused(samlResponse, '', USED);
  });

  // Two apps share one database on PostgreSQL; each embedded database is its own (there the second
  // app has never heard of the request, which it refuses too).
  const elsewhere = () => (t.database.kind === 'postgres' ? USED : FAILED);

  it('refuses a replay at a second app on the same database', async () => {
    const second = await startSamlApp(idp, { database: t.database });
    try {
      const { samlResponse, cookie } = await response('collab');
      await signedIn(await postToAcs(t, 'national', samlResponse, '', cookie));
      await expectRefused(samlResponse, cookie, elsewhere(), 'national', second);
      // And the other way round: what the second app accepted, the first refuses.
      const other = await response('collab', undefined, 'national', second);
      await signedIn(await postToAcs(second, 'national', other.samlResponse, '', other.cookie), second);
      await expectRefused(other.samlResponse, other.cookie, elsewhere());
    } finally {
      await second.app.close();
    }
  });

  it('accepts only one of two simultaneous posts of the same response', async () => {
    const second = await startSamlApp(idp, { database: t.database });
    try {
      const { samlResponse, cookie } = await response('collab');
      const answers = await Promise.all([postToAcs(t, 'national', samlResponse, '', cookie), postToAcs(second, 'national', samlResponse, '', cookie)]);
      expect(answers.map((a) => a.headers.location).sort()).toEqual([elsewhere(), LANDING].sort());
    } finally {
      await second.app.close();
    }
  });

  it('refuses a response to another browser’s request, whatever this browser has under way, on the page that says so', async () => {
    const victim = await response('collab');
    const other = await startLogin(t, 'national');
    const page = '/ui/saml2-error/otherbrowser?federation=national';
    await expectRefused(victim.samlResponse, other.cookie, page);
    // A binding cookie this server did not sign names nothing.
    await expectRefused(victim.samlResponse, `computing_saml_request=${victim.requestId}`, page);
    // At the other service provider the request is unknown: the generic page.
    await expectRefused(victim.samlResponse, victim.cookie, FAILED, 'edugain');
    // Nothing was consumed: the browser that asked still signs in with it.
    await signedIn(await postToAcs(t, 'national', victim.samlResponse, '', victim.cookie));
  });

  it('refuses an unsolicited response (no InResponseTo) by default, on the page that says so', async () => {
    const { samlResponse, cookie } = await response('collab', { unsolicited: true });
    expect(Buffer.from(samlResponse, 'base64').toString()).not.toContain('InResponseTo');
    await expectRefused(samlResponse, cookie, '/ui/saml2-error/unsolicited?federation=national');
    await expectRefused(samlResponse, '', '/ui/saml2-error/unsolicited?federation=national');
  });

  it('refuses a response to a request this portal never sent', async () => {
    const { spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: '_never-sent-0123456789' });
    await expectRefused(samlResponse, cookie);
  });

  it("refuses the national identity provider's response at the eduGAIN service provider", async () => {
    const { samlResponse, cookie } = await response('collab');
    await expectRefused(samlResponse, cookie, FAILED, 'edugain');
  });

  it('refuses garbage and missing responses without a 5xx', async () => {
    const { cookie } = await startLogin(t, 'national');
    await expectRefused(Buffer.from('<not-saml/>').toString('base64'), cookie);
    await expectRefused(Buffer.from('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_x"><unclosed>').toString('base64'), cookie);
    await expectRefused('%%% not base64 %%%', cookie);
    const empty = await t.app.inject({ method: 'POST', url: '/saml2/acs/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe(FAILED);
  });
});

describe('redirect targets from login/ and RelayState lead only to pages of the portal', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const VARIANTS = [
    'https://evil.example/ui/x',
    'https://evil.example',
    'http://127.0.0.1/ui/memberships',
    'http:/evil.example/ui/',
    'https:/evil.example/ui/',
    'https:evil.example',
    '//evil.example/ui/',
    '///evil.example/ui/',
    '/\\evil.example/ui/',
    '\\/evil.example/ui/',
    '/ui/\\evil.example',
    '/%5Cevil.example/ui/',
    '/%5cevil.example/ui/',
    '%2F%2Fevil.example/ui/',
    '/%2F%2Fevil.example',
    '/ui/%2F%2Fevil.example',
    '/ui/%252F%252Fevil.example',
    '/ui/..//evil.example',
    '/ui/../api/v1/sessionactive',
    '/ui/%2e%2e/api/v1/sessionactive',
    '/ui/\t/evil.example',
    '/\t/evil.example',
    '/ui/\n//evil.example',
    '/ui/%0d%0aSet-Cookie:x=1',
    ' /ui/memberships',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/api/v1/sessionactive',
    '',
  ];

  const signIn = async (federation: Federation, next: string, relay?: string) => {
    const { requestId, spEntityId, cookie, relayState } = await startLogin(t, federation, next);
    const identity = federation === 'national' ? 'collab' : 'edugain-new';
    const { samlResponse } = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId });
    return { relayState, res: await postToAcs(t, federation, samlResponse, relay ?? relayState, cookie) };
  };

  it.each(VARIANTS)('RelayState %j falls back to the landing page, still signed in', async (target) => {
    const { res } = await signIn('national', '', target);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(LANDING);
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeDefined();
  });

  it.each(VARIANTS)('login/?next=%j sends no RelayState to the identity provider', async (target) => {
    const { relayState } = await startLogin(t, 'national', target);
    expect(relayState).toBe('');
  });

  it.each(['/ui/memberships', '/ui/memberships?tab=2', '/ui/projects/12#requests'])('keeps the page of the portal %j, from next through RelayState', async (target) => {
    const { relayState, res } = await signIn('edugain', target);
    expect(relayState).toBe(target);
    expect(res.headers.location).toBe(target);
  });
});
