/**
 * SAML message benchmark: what an anonymous worst-case SAML message costs the portal, and what a
 * flood of them does to a signed-in user. The portal runs with both service providers pointed at
 * the stand-in identity provider, on a throw-away database (embedded, or on the server of
 * DATABASE_URL). Prints:
 *
 * - per kind of worst-case message (a deflated LogoutRequest of 600,000 nested elements over
 *   HTTP-Redirect, unsigned and with a bad signature; the largest posted LogoutRequest and Response
 *   within the bounds, flat and nested as deep as allowed; a posted one with a DOCTYPE of nested
 *   entities; a Response whose encrypted assertion, made with the published certificate, decrypts
 *   to a deep document), both service providers where both apply: the process's CPU time
 *   (`process.cpuUsage()`) of one call through `app.inject`, and its peak memory: the resident
 *   set's high-water mark during the call above the resident set before it (sampled every
 *   millisecond by a worker thread, after a garbage collection), each the median of `RUNS`, with
 *   the worst run printed; the worst kind's median is judged (budget ≤ 50 ms CPU, ≤ 10 MB);
 * - the latency of a signed-in `GET /api/v1/sessionactive` over loopback HTTP, alone and while
 *   `FLOOD_CONNECTIONS` connections from a worker thread send those messages without pause: the
 *   slowest call during the flood above the median alone is judged (budget ≤ 100 ms extra: a
 *   flood never delays a signed-in call by more), its p99 printed beside it.
 *
 * Asserts nothing.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { deflateRawSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { InjectOptions } from 'fastify';
import { BASE, startIdpStandIn, startLogin, startSamlApp } from '../../harness/saml';
import { NS } from '../../src/server/saml/xml';
import { certificatePem } from '../../src/server/saml/keys';
import { SAML_XML_LIMITS } from '../../src/server/saml/xml-limits';
import { encryptAssertion } from '../../src/server/saml/stand-in/signing';
import { figure, machineLoad, note, percentile, timingFigure } from './lib/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const FLOOD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 20);
const SIGNED_IN_CALLS = 200;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
const logoutRequest = (nameId: string) =>
  `<samlp:LogoutRequest xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="_deep" Version="2.0" IssueInstant="${new Date().toISOString()}">` +
  `<saml:Issuer>https://idp.example.org</saml:Issuer><saml:NameID>${nameId}</saml:NameID></samlp:LogoutRequest>`;
const logoutWith = (inner: string) =>
  `<samlp:LogoutRequest xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="_largest" Version="2.0" IssueInstant="${new Date().toISOString()}">` +
  `<saml:Issuer>https://idp.example.org</saml:Issuer><samlp:Extensions>${inner}</samlp:Extensions><saml:NameID>someone</saml:NameID></samlp:LogoutRequest>`;
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

/** The posted bounds of a Response (acs/) and of a logout message (ls/). */
const RESPONSE = { elements: SAML_XML_LIMITS.maxMessageElements, bytes: SAML_XML_LIMITS.postedBytes };
const LOGOUT = { elements: SAML_XML_LIMITS.maxLogoutElements, bytes: SAML_XML_LIMITS.logoutBytes };

/**
 * The largest message `wrap` makes within posted `bounds`: as many elements as allowed, in
 * chains `depth` deep (1: flat), their attributes filling it to the posted size.
 */
function largestWithin(wrap: (inner: string) => string, bounds: { elements: number; bytes: number }, depth = 1): string {
  const frame = wrap('');
  const frameDepth = 3;
  const chain = Math.min(depth, SAML_XML_LIMITS.maxDepth - frameDepth);
  const count = bounds.elements - (frame.match(/<[A-Za-z]/g) ?? []).length;
  const chains = Math.floor(count / chain);
  const markup = chain === 1 ? '<a v=""/>'.length : '<a v=""></a>'.length;
  const each = Math.floor((bounds.bytes - Buffer.byteLength(frame) - chains * chain * markup) / (chains * chain));
  const v = ` v="${'x'.repeat(each)}"`;
  const one = chain === 1 ? `<a${v}/>` : `${`<a${v}>`.repeat(chain)}${'</a>'.repeat(chain)}`;
  return wrap(one.repeat(chains));
}

/**
 * The resident set's high-water mark, sampled every millisecond by a worker thread (it samples
 * on while the main thread is busy parsing). `reset` starts a new mark at the present size.
 */
async function residentPeak() {
  const shared = new BigInt64Array(new SharedArrayBuffer(8));
  const control = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData: { shared, control } } = require('node:worker_threads');
     for (;;) {
       if (Atomics.load(control, 0) === 2) break;
       if (Atomics.load(control, 0) === 0) { Atomics.wait(control, 0, 0); continue; }
       const rss = BigInt(process.memoryUsage.rss());
       for (let seen = Atomics.load(shared, 0); rss > seen; seen = Atomics.load(shared, 0))
         if (Atomics.compareExchange(shared, 0, seen, rss) === seen) break;
       Atomics.wait(control, 0, 1, 1);
     }`,
    { eval: true, workerData: { shared, control } },
  );
  await new Promise((resolve) => worker.once('online', resolve));
  const set = (state: number) => {
    Atomics.store(control, 0, state);
    Atomics.notify(control, 0);
  };
  return {
    /** Starts sampling from the present resident size; returns that size. */
    reset() {
      const now = process.memoryUsage.rss();
      Atomics.store(shared, 0, BigInt(now));
      set(1);
      return now;
    },
    /** Stops sampling; returns the highest resident size seen since `reset`. */
    async read() {
      await new Promise((resolve) => setTimeout(resolve, 3));
      set(0);
      return Number(Atomics.load(shared, 0));
    },
    close: async () => {
      set(2);
      await worker.terminate();
    },
  };
}

async function main(): Promise<void> {
  const idp = await startIdpStandIn();
  const t = await startSamlApp(idp);
  try {
    const deep = encodeURIComponent(deflateRawSync(Buffer.from(logoutRequest(nested(600_000)))).toString('base64'));
    const badSignature = `&SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}&Signature=${encodeURIComponent(base64('x'.repeat(256)))}`;
    // The ACS reads past the binding cookie only for a request this browser started: start one.
    const { requestId, cookie: binding } = await startLogin(t, 'national');
    const largestLogout = base64(largestWithin(logoutWith, LOGOUT));
    const deepestLogout = base64(largestWithin(logoutWith, LOGOUT, SAML_XML_LIMITS.maxDepth));
    const largestResponse = base64(largestWithin((inner) => loginResponse(requestId, inner), RESPONSE));
    const deepestResponse = base64(largestWithin((inner) => loginResponse(requestId, inner), RESPONSE, SAML_XML_LIMITS.maxDepth));
    // What anyone can make with the published certificate: an assertion that decrypts to a deep document.
    const spCert = /<ds:X509Certificate>([^<]+)</.exec((await t.app.inject({ method: 'GET', url: '/saml2/metadata/' })).body)?.[1];
    if (!spCert) throw new Error('no certificate in the service provider metadata');
    const deepAssertion = `<saml:Assertion xmlns:saml="${NS.saml}" ID="_a" Version="2.0">${nested(5_000)}</saml:Assertion>`;
    const encryptedDeep = base64(loginResponse(requestId, await encryptAssertion(deepAssertion, certificatePem(spCert), 'aes-256-gcm')));
    const kinds: { label: string; request: InjectOptions }[] = [];
    for (const federation of ['national', 'edugain'] as const) {
      const base = BASE[federation];
      kinds.push(
        { label: `${federation} ls/ redirect, 600,000 deep, unsigned`, request: { method: 'GET', url: `${base}/ls/?SAMLRequest=${deep}` } },
        { label: `${federation} ls/ redirect, 600,000 deep, bad signature`, request: { method: 'GET', url: `${base}/ls/?SAMLRequest=${deep}${badSignature}` } },
        { label: `${federation} ls/ post, largest within the bounds, flat`, request: form(`${base}/ls/`, { SAMLRequest: largestLogout }) },
        { label: `${federation} ls/ post, largest within the bounds, 32 deep`, request: form(`${base}/ls/`, { SAMLRequest: deepestLogout }) },
        { label: `${federation} ls/ post, DOCTYPE of nested entities`, request: form(`${base}/ls/`, { SAMLRequest: base64(`${LAUGHS}${logoutRequest('&e;')}`) }) },
      );
    }
    kinds.push(
      { label: 'national acs/, largest within the bounds, flat, own request', request: form('/saml2/acs/', { SAMLResponse: largestResponse }, binding) },
      { label: 'national acs/, largest within the bounds, 32 deep, own request', request: form('/saml2/acs/', { SAMLResponse: deepestResponse }, binding) },
      { label: 'national acs/, encrypted assertion of 5,000 nested, own request', request: form('/saml2/acs/', { SAMLResponse: encryptedDeep }, binding) },
    );

    console.log(`database: ${t.database.kind}; cost of one call: median (and worst) of ${RUNS}, after one untimed call`);
    const peak = await residentPeak();
    let worstCpu = 0;
    let worstMemory = 0;
    try {
      for (const { label, request } of kinds) {
        const first = await t.app.inject(request);
        if (first.statusCode >= 400) throw new Error(`${label}: ${first.statusCode} ${first.body.slice(0, 200)}`);
        const cpu: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const c0 = process.cpuUsage();
          await t.app.inject(request);
          const c = process.cpuUsage(c0);
          cpu.push((c.user + c.system) / 1000);
        }
        // Apart from the CPU runs: the sampling thread's own CPU time would count in those.
        const memory: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          gc();
          const before = peak.reset();
          await t.app.inject(request);
          memory.push(((await peak.read()) - before) / 1024 / 1024);
        }
        const [cpuMs, memoryMb] = [percentile(cpu, 50), percentile(memory, 50)];
        worstCpu = Math.max(worstCpu, cpuMs);
        worstMemory = Math.max(worstMemory, memoryMb);
        note(
          `${label.padEnd(64)} ${cpuMs.toFixed(1).padStart(6)} (${Math.max(...cpu).toFixed(1).padStart(5)}) ms CPU  ` +
            `${memoryMb.toFixed(2).padStart(6)} (${Math.max(...memory).toFixed(2).padStart(5)}) MB  → ${first.statusCode} ${String(first.headers.location ?? '').slice(0, 30)}`,
        );
      }
    } finally {
      await peak.close();
    }
    figure('anonymous worst-case SAML message, CPU (worst kind, median)', worstCpu, 'ms', { max: 50 });
    figure('anonymous worst-case SAML message, peak resident memory (worst kind, median)', worstMemory, 'MB', { max: 10 }, 2);

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
    const posted = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => ({
      method: 'POST' as const,
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    const flood = autocannon({
      url: origin,
      connections: FLOOD_CONNECTIONS,
      duration: FLOOD_SECONDS + 5,
      workers: 1,
      requests: [
        { method: 'GET', path: `/saml2/ls/?SAMLRequest=${deep}` },
        { method: 'GET', path: `/saml2/edugain/ls/?SAMLRequest=${deep}${badSignature}` },
        posted('/saml2/ls/', { SAMLRequest: largestLogout }),
        posted('/saml2/edugain/ls/', { SAMLRequest: deepestLogout }),
        posted('/saml2/acs/', { SAMLResponse: largestResponse }, { cookie: binding }),
        posted('/saml2/acs/', { SAMLResponse: encryptedDeep }, { cookie: binding }),
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const duringTimes = await signedInCalls();
    const during = timingFigure(`signed-in sessionactive, during a flood (${FLOOD_CONNECTIONS} connections)`, duringTimes);
    const result = await flood;
    note(`the flood: ${result.requests.total} anonymous SAML messages, ${result.requests.average.toFixed(0)}/s, ${result.errors} errors, ${result.non2xx} non-2xx (303 is their answer)`);
    note(`p99 during the flood ${percentile(duringTimes, 99).toFixed(1)} ms, p95 ${during.p95.toFixed(1)} ms; the median alone ${alone.p50.toFixed(1)} ms`);
    figure('signed-in call during the flood, slowest above the median alone', during.max - alone.p50, 'ms', { max: 100 });
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
