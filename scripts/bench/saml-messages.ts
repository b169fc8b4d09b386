/**
 * SAML message benchmark: what an anonymous worst-case SAML message costs the portal, and what a
 * flood of them does to a signed-in user. The portal runs with both service providers pointed at
 * the stand-in identity provider, on a throw-away database (embedded, or on the server of
 * DATABASE_URL). Prints:
 *
 * - per kind of worst-case message (a deflated LogoutRequest of 600,000 nested elements over
 *   HTTP-Redirect, unsigned and with a bad signature; posted LogoutRequests and Responses nested
 *   deep within the form's size, or with a DOCTYPE of nested entities), both service providers:
 *   the process's CPU time (`process.cpuUsage()`) and heap + external memory growth of one call
 *   through `app.inject`, the median of `RUNS`; the worst kind is judged (budget ≤ 50 ms CPU,
 *   ≤ 10 MB);
 * - the p95 latency of a signed-in `GET /api/v1/sessionactive` over loopback HTTP, alone and while
 *   `FLOOD_CONNECTIONS` connections from a worker thread send those messages without pause; the
 *   difference is judged (budget ≤ 100 ms extra).
 *
 * Asserts nothing.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { deflateRawSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { InjectOptions } from 'fastify';
import { BASE, startIdpStandIn, startLogin, startSamlApp } from '../../tests/support/saml';
import { NS } from '../../src/server/services/saml/xml';
import { figure, machineLoad, note, percentile, timingFigure } from './lib/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const FLOOD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 20);
const SIGNED_IN_CALLS = 200;

const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
const logoutRequest = (nameId: string) =>
  `<samlp:LogoutRequest xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="_deep" Version="2.0" IssueInstant="${new Date().toISOString()}">` +
  `<saml:Issuer>https://idp.example.org</saml:Issuer><saml:NameID>${nameId}</saml:NameID></samlp:LogoutRequest>`;
const loginResponse = (inResponseTo: string, inner: string) =>
  `<samlp:Response xmlns:samlp="${NS.samlp}" ID="_deep" InResponseTo="${inResponseTo}" Version="2.0" IssueInstant="${new Date().toISOString()}">${inner}</samlp:Response>`;
const LAUGHS =
  '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
  '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>';
const base64 = (xml: string) => Buffer.from(xml).toString('base64');
const form = (url: string, fields: Record<string, string>, cookie = ''): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  payload: new URLSearchParams(fields).toString(),
});

async function main(): Promise<void> {
  const idp = await startIdpStandIn();
  const t = await startSamlApp(idp);
  try {
    const deep = encodeURIComponent(deflateRawSync(Buffer.from(logoutRequest(nested(600_000)))).toString('base64'));
    const badSignature = `&SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}&Signature=${encodeURIComponent(base64('x'.repeat(256)))}`;
    // The ACS reads past the binding cookie only for a request this browser started: start one.
    const { requestId, cookie: binding } = await startLogin(t, 'national');
    const kinds: { label: string; request: InjectOptions }[] = [];
    for (const federation of ['national', 'edugain'] as const) {
      const base = BASE[federation];
      kinds.push(
        { label: `${federation} ls/ redirect, 600,000 deep, unsigned`, request: { method: 'GET', url: `${base}/ls/?SAMLRequest=${deep}` } },
        { label: `${federation} ls/ redirect, 600,000 deep, bad signature`, request: { method: 'GET', url: `${base}/ls/?SAMLRequest=${deep}${badSignature}` } },
        { label: `${federation} ls/ post, 18,500 deep (130 KB)`, request: form(`${base}/ls/`, { SAMLRequest: base64(logoutRequest(nested(18_500))) }) },
        { label: `${federation} ls/ post, DOCTYPE of nested entities`, request: form(`${base}/ls/`, { SAMLRequest: base64(`${LAUGHS}${logoutRequest('&e;')}`) }) },
      );
    }
    kinds.push(
      { label: 'national acs/, 18,500 deep (130 KB), own request', request: form('/saml2/acs/', { SAMLResponse: base64(loginResponse(requestId, nested(18_500))) }, binding) },
      { label: 'national acs/, 15,000 deep (100 KB), own request', request: form('/saml2/acs/', { SAMLResponse: base64(loginResponse(requestId, nested(15_000))) }, binding) },
    );

    console.log(`database: ${t.database.kind}; cost of one call: median of ${RUNS}, after one untimed call`);
    let worstCpu = 0;
    let worstMemory = 0;
    for (const { label, request } of kinds) {
      const first = await t.app.inject(request);
      if (first.statusCode >= 400) throw new Error(`${label}: ${first.statusCode} ${first.body.slice(0, 200)}`);
      const cpu: number[] = [];
      const memory: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const m0 = process.memoryUsage();
        const c0 = process.cpuUsage();
        await t.app.inject(request);
        const c = process.cpuUsage(c0);
        const m1 = process.memoryUsage();
        cpu.push((c.user + c.system) / 1000);
        memory.push((m1.heapUsed + m1.external - m0.heapUsed - m0.external) / 1024 / 1024);
      }
      const [cpuMs, memoryMb] = [percentile(cpu, 50), percentile(memory, 50)];
      worstCpu = Math.max(worstCpu, cpuMs);
      worstMemory = Math.max(worstMemory, memoryMb);
      note(`${label.padEnd(60)} ${cpuMs.toFixed(1).padStart(6)} ms CPU  ${memoryMb.toFixed(2).padStart(6)} MB  → ${first.statusCode} ${String(first.headers.location ?? '').slice(0, 40)}`);
    }
    figure('anonymous worst-case SAML message, CPU (worst kind)', worstCpu, 'ms', { max: 50 });
    figure('anonymous worst-case SAML message, memory growth (worst kind)', worstMemory, 'MB', { max: 10 }, 2);

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { cookie } = await t.login('lead');
    const signedInCalls = async () => {
      const times: number[] = [];
      for (let i = 0; i < SIGNED_IN_CALLS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${origin}/api/v1/sessionactive`, { headers: { cookie } });
        const body = (await res.json()) as { active: boolean };
        times.push(performance.now() - t0);
        if (!body.active) throw new Error('the signed-in session is not active');
        await new Promise((resolve) => setTimeout(resolve, (FLOOD_SECONDS * 1000) / SIGNED_IN_CALLS / 2));
      }
      return times;
    };
    const alone = timingFigure('signed-in sessionactive, no flood', await signedInCalls());
    const flood = autocannon({
      url: origin,
      connections: FLOOD_CONNECTIONS,
      duration: FLOOD_SECONDS + 5,
      workers: 1,
      requests: [
        { method: 'GET', path: `/saml2/ls/?SAMLRequest=${deep}` },
        { method: 'GET', path: `/saml2/edugain/ls/?SAMLRequest=${deep}${badSignature}` },
        {
          method: 'POST',
          path: '/saml2/ls/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ SAMLRequest: base64(logoutRequest(nested(18_500))) }).toString(),
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during = timingFigure(`signed-in sessionactive, during a flood (${FLOOD_CONNECTIONS} connections)`, await signedInCalls());
    const result = await flood;
    note(`the flood: ${result.requests.total} anonymous SAML messages, ${result.requests.average.toFixed(0)}/s, ${result.errors} errors, ${result.non2xx} non-2xx (303 is their answer)`);
    figure('signed-in call during the flood, p95 extra latency', during.p95 - alone.p95, 'ms', { max: 100 });
    machineLoad();
  } finally {
    await t.close();
    await idp.close();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
