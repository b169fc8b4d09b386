/**
 * Sign-in under a flood from one address (docs/decisions/0620-password-spraying-and-check-cap.md):
 * a staff member's password sign-in timed alone, and then again while 50 connections from one
 * other address send wrong passwords over many usernames (password spraying, autocannon from a
 * worker thread, over real HTTP on loopback). Figures: the staff sign-in's p50/p95 alone and under
 * the flood, and the flood's answers per second with how many of them cost a password check. The
 * portal runs behind a stand-in proxy address (`TRUST_PROXY` 127.0.0.1), so the two clients are
 * told apart by `X-Forwarded-For`, on a throw-away database (embedded, or on DATABASE_URL's server).
 * Prints; asserts nothing.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/users/passwords';
import { testConfig } from '../../harness/test-app';
import { withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { figure, machineLoad, note, timingFigure } from './lib/figures';

const FLOOD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const SIGN_INS = 20;

/** One password sign-in of `username` from `address`, timed (ms); throws unless it signs in. */
async function signIn(base: string, username: string, address: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password: username }),
  });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`the sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  return ms;
}

async function signIns(base: string, count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i += 1) ms.push(await signIn(base, 'bench-staff', '192.0.2.1'));
  return ms;
}

async function measure({ db, kind, schemas }: BenchDatabase): Promise<void> {
  await db
    .insertInto('users')
    .values({ username: 'bench-staff', first_name: 'Bench', last_name: 'Staff', is_staff: true, status: true, password_hash: await hashPassword('bench-staff') })
    .execute();
  const config = testConfig({ trustProxy: ['127.0.0.1'] });
  const app = await buildApp({ db, schemas, config }, { logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    console.log(`database: ${kind}; password checks at once ${config.loginChecks.atOnce}, waiting ${config.loginChecks.waiting}, sign-ins of one network in progress ${config.loginChecks.perNetwork}`);
    await signIns(base, 3);
    timingFigure(`staff sign-in alone (${SIGN_INS} in a row)`, await signIns(base, SIGN_INS), { max: 150 });

    // Spraying: one wrong password over 40 usernames, in turn on every connection.
    const requests = Array.from({ length: 40 }, (_, i) => ({
      method: 'POST' as const,
      path: '/auth/login/',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ username: `sprayed${i}@example.org`, password: 'Summer2026!' }),
    }));
    const flood = autocannon({ url: base, connections: CONNECTIONS, duration: FLOOD_SECONDS, requests, workers: 1 });
    // The staff member signs in while the flood runs (after a second of it), as long as it runs.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const underFlood: number[] = [];
    const until = Date.now() + (FLOOD_SECONDS - 2) * 1000;
    while (Date.now() < until) underFlood.push(await signIn(base, 'bench-staff', '192.0.2.1'));
    const result = await flood;
    timingFigure(`staff sign-in from another address under the flood (${underFlood.length})`, underFlood, { max: 300 });
    const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
    figure(`one-address flood (${CONNECTIONS} connections), answers per second`, result.requests.average, 'req/s', { min: 300 }, 0);
    note(`answers by status: ${Object.entries(byStatus).map(([code, count]) => `${code} × ${count}`).join(', ')}; only the 401s cost a password check, a 429 is refused before it`);
    machineLoad();
  } finally {
    await app.close();
  }
}

withBenchDatabase(measure).catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
