import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { cookiesOf, type TestApp } from '../support/test-app';
import { BASE, postToAcs, startLogin, useSamlApp, type Federation } from '../support/saml';
import type { IdpStandIn } from '../../src/server/services/saml/stand-in/idp-stand-in';
import { NS } from '../../src/server/services/saml/xml';

/**
 * An anonymous SAML message costs the portal little, whatever it holds: deep nesting, a message
 * that inflates a thousandfold, a DOCTYPE with entities are refused before any parser builds them,
 * on both service providers and in every binding. The budget of one such request (issue: ≤ 50 ms
 * of CPU, ≤ 10 MB of memory) is measured around the call; `npm run bench` prints the figures.
 */
const CPU_MS = 50;
const MEMORY_BYTES = 10 * 1024 * 1024;
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

/**
 * Runs a call (its request built beforehand) once untimed, then five times, and measures this process's CPU time and
 * memory growth around each: the median of each is the call's cost (the process's CPU time also
 * counts its garbage collector and the test runner, which one run may happen to meet).
 */
async function measured(call: () => Promise<LightMyRequestResponse>) {
  const memory = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  // One untimed call first: the first of a kind compiles its code paths.
  await call();
  const runs: { res: LightMyRequestResponse; cpuMs: number; grownBytes: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const before = memory();
    const cpu = process.cpuUsage();
    const res = await call();
    const used = process.cpuUsage(cpu);
    runs.push({ res, cpuMs: (used.user + used.system) / 1000, grownBytes: memory() - before });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
  return { res: runs[0]!.res, cpuMs: median(runs.map((r) => r.cpuMs)), grownBytes: median(runs.map((r) => r.grownBytes)) };
}

function expectWithinBudget(cost: { cpuMs: number; grownBytes: number }) {
  expect(cost.cpuMs).toBeLessThanOrEqual(CPU_MS);
  expect(cost.grownBytes).toBeLessThanOrEqual(MEMORY_BYTES);
}

/** The status of the LogoutResponse a redirect answer carries (null when the browser goes to the portal instead). */
function answeredStatus(res: LightMyRequestResponse): string | null {
  const location = new URL(res.headers.location as string, 'http://portal.test');
  const encoded = location.searchParams.get('SAMLResponse');
  if (!encoded) return null;
  return /<samlp:StatusCode Value="([^"]+)"/.exec(inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8'))?.[1] ?? null;
}

describe('SAML messages are bounded before they are parsed', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  // 600,000 nested elements in a NameID: a query string of a few KB that inflates to 4 MB.
  const deepRequest = deflated(logoutRequest(nested(600_000)));
  const warm = async () => t.app.inject({ method: 'GET', url: '/healthz' });
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

  it.each(FEDERATIONS)('%s ls/ (HTTP-Redirect): an unsigned deep LogoutRequest is answered with a failure status, unread, within budget', async (federation) => {
    await warm();
    const cost = await measured(() => t.app.inject({ method: 'GET', url: `${BASE[federation]}/ls/?SAMLRequest=${encodeURIComponent(deepRequest)}` }));
    expect(cost.res.statusCode).toBe(303);
    expect(answeredStatus(cost.res)).toBe(REQUESTER);
    expectWithinBudget(cost);
  });

  it.each(FEDERATIONS)('%s ls/ (HTTP-Redirect): a deep LogoutRequest with a signature that does not verify is refused unread, within budget', async (federation) => {
    const sigAlg = encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const url = `${BASE[federation]}/ls/?SAMLRequest=${encodeURIComponent(deepRequest)}&SigAlg=${sigAlg}&Signature=${encodeURIComponent(base64('x'.repeat(256)))}`;
    await warm();
    const cost = await measured(() => t.app.inject({ method: 'GET', url }));
    expect(cost.res.statusCode).toBe(303);
    expect(answeredStatus(cost.res)).toBe(REQUESTER);
    expectWithinBudget(cost);
  });

  it.each(FEDERATIONS)('%s ls/ (HTTP-Redirect): a deep LogoutResponse lands on the login page, within budget', async (federation) => {
    const deepResponse = deflated(logoutResponse(nested(600_000)));
    await warm();
    const cost = await measured(() => t.app.inject({ method: 'GET', url: `${BASE[federation]}/ls/?SAMLResponse=${encodeURIComponent(deepResponse)}` }));
    expect(cost.res.statusCode).toBe(303);
    expect(cost.res.headers.location).toBe('/ui/login');
    expectWithinBudget(cost);
  });

  // Posted messages are limited by the form's size; within it, by the decoded size, the depth and the DOCTYPE.
  const postedLogouts: [string, string][] = [
    ['nested 15,000 deep (100 KB)', logoutRequest(nested(15_000))],
    ['nested 18,500 deep (130 KB)', logoutRequest(nested(18_500))],
    ['a DOCTYPE with entities', `${LAUGHS}${logoutRequest('&e;')}`],
  ];
  describe.each(FEDERATIONS)('%s ls/ (HTTP-POST)', (federation) => {
    it.each(postedLogouts)('a LogoutRequest %s is refused unread, within budget', async (_what, xml) => {
      await warm();
      const post = form(`${BASE[federation]}/ls/`, { SAMLRequest: base64(xml) });
      const cost = await measured(() => t.app.inject(post));
      expect(cost.res.statusCode).toBe(303);
      expect(cost.res.headers.location).toBe('/ui/login');
      expectWithinBudget(cost);
    });
    it.each(postedLogouts)('a LogoutResponse %s lands on the login page, within budget', async (_what, xml) => {
      await warm();
      const post = form(`${BASE[federation]}/ls/`, { SAMLResponse: base64(xml.replace(/LogoutRequest/g, 'LogoutResponse')) });
      const cost = await measured(() => t.app.inject(post));
      expect(cost.res.statusCode).toBe(303);
      expect(cost.res.headers.location).toBe('/ui/login');
      expectWithinBudget(cost);
    });
  });

  describe.each(FEDERATIONS)('%s acs/ (HTTP-POST)', (federation) => {
    it.each<[string, (id: string) => string]>([
      ['nested 15,000 deep (100 KB)', (id) => loginResponse(id, nested(15_000))],
      ['nested 18,500 deep (130 KB)', (id) => loginResponse(id, nested(18_500))],
      ['with a DOCTYPE with entities', (id) => `${LAUGHS}${loginResponse(id, '<x>&e;</x>')}`],
    ])('a Response %s answering this browser’s own request is refused unread, within budget', async (_what, build) => {
      const { requestId, cookie } = await startLogin(t, federation);
      await warm();
      const post = form(`${BASE[federation]}/acs/`, { SAMLResponse: base64(build(requestId)) }, cookie);
      const cost = await measured(() => t.app.inject(post));
      expect(cost.res.statusCode).toBe(303);
      expect(cost.res.headers.location).toBe(FAILED);
      expect(cost.res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
      expectWithinBudget(cost);
      // The request was not spent: the browser still signs in with the genuine answer.
      const { samlResponse } = await idp.loginResponse({ federation, identity: federation === 'national' ? 'collab' : 'edugain-new', spEntityId: `${t.ctx.config.publicUrl}${BASE[federation]}/metadata/`, inResponseTo: requestId });
      expect((await postToAcs(t, federation, samlResponse, '', cookie)).headers.location).toBe('/ui/saml2-login-redirect');
    });
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
