/**
 * Session-check benchmark: throughput (autocannon over real HTTP on loopback) of a logged-in
 * `GET /api/v1/sessionactive` and of a static asset requested with the session cookie, each as a
 * ratio of a bare Fastify route's throughput measured in the same run (goal: sessionactive ≥ 50%
 * in every round, so the lowest round is the figure judged). The portal runs on a throw-away
 * database (embedded, or on the server of DATABASE_URL) with 2,000 users, the signed-in one a member
 * of 5 projects. Also prints the portal's `/healthz` (its hooks without any session) to tell the
 * session check's cost from the rest. Prints; asserts nothing.
 *
 * The load comes from a process of its own pinned to another core than the servers
 * (lib/load-process.ts). This machine's speed moves by up to twice within seconds (the bare route
 * alone measured 14,000–27,000 req/s in successive 3-s runs), so a round measures each figure
 * against the bare route in interleaved slices — bare and portal, then portal and bare, 1 s each,
 * PAIRS times — and its ratio is the portal's requests over the bare route's in those slices:
 * a change of speed reaches both alike. Every route is loaded once before the first round.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { lookupIds } from '../../src/server/db/vocabularies';
import { startSessionCache } from '../../src/server/sessions/session-cache';
import { benchApp, sessionCookie, withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { figure, note, percentile, type Budget } from './lib/figures';
import { startLoadProcess, type LoadProcess } from './lib/load-process';

/** Seconds of one slice, and slices of the bare route (and as many of the portal's) per figure and round. */
const SLICE_SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  const clientDir = mkdtempSync(join(tmpdir(), 'bench-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(join(clientDir, 'app.0123456789abcdef.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ active: true }));
  const load = startLoadProcess();
  try {
    await withBenchDatabase((bench) => measure(bench, clientDir, bare, load));
  } finally {
    load.stop();
    await bare.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

/** Fills the database, serves the portal from it with the client in `clientDir` and prints the figures. */
async function measure({ handle, db, kind, schemas }: BenchDatabase, clientDir: string, bare: FastifyInstance, load: LoadProcess): Promise<void> {
  const lead = (await lookupIds(db, 'roles')).get('lead');
  const state = [...(await lookupIds(db, 'states')).values()][0];
  const type = [...(await lookupIds(db, 'project_types')).values()][0];
  await sql`
    INSERT INTO users (username, first_name, last_name, person_mail, status)
    SELECT 'user' || g || '@example.org', 'Ime' || g, 'Prezime' || g, 'user' || g || '@example.org', true
      FROM generate_series(1, 2000) g`.execute(db);
  const user = await db.selectFrom('users').select('id').where('username', '=', 'user1@example.org').executeTakeFirstOrThrow();
  await sql`
    INSERT INTO projects (identifier, name, institute, reason, state_id, project_type_id, is_active)
    SELECT 'B-' || g, 'Projekt ' || g, 'Institut', 'x', ${state}, ${type}, true FROM generate_series(1, 5) g`.execute(db);
  await sql`INSERT INTO memberships (user_id, project_id, role_id) SELECT ${user.id}, id, ${lead} FROM projects`.execute(db);
  const cookie = { cookie: await sessionCookie(db, schemas, user.id) };
  if (process.env.BENCH_NO_SESSION_CACHE !== '1') await startSessionCache(handle);
  const portal = await benchApp(db, schemas, clientDir);
  try {
    const portalBase = await listen(portal);
    const bareBase = await listen(bare);
    const probe = await fetch(`${portalBase}/api/v1/sessionactive`, { headers: cookie });
    const answer = (await probe.json()) as { active: boolean };
    if (!answer.active) throw new Error('the bench session is not active');

    console.log(`database: ${kind}; ${CONNECTIONS} connections, ${load.pinned}; per figure and round ${PAIRS} slices of ${SLICE_SECONDS} s each of the figure and of the bare route, interleaved; ${ROUNDS} rounds`);
    const throughput = (url: string, headers: Record<string, string>, warmupSeconds = 0) =>
      load.run({ url, headers, connections: CONNECTIONS, seconds: SLICE_SECONDS, warmupSeconds });
    const assetUrl = `${portalBase}/static/app.0123456789abcdef.js`;
    const bareTarget = { url: `${bareBase}/bare`, headers: {} };
    const targets: { label: string; url: string; headers: Record<string, string>; goal?: Budget; meaning?: string }[] = [
      { label: 'sessionactive, logged in', url: `${portalBase}/api/v1/sessionactive`, headers: cookie, goal: { min: 50 } },
      // The portal's own hooks (security headers, guards, timing, compression check) without any session.
      { label: 'portal /healthz, no session', url: `${portalBase}/healthz`, headers: {} },
      { label: 'static asset (20 KB), session cookie', url: assetUrl, headers: { ...cookie, 'accept-encoding': 'identity' } },
      { label: 'the same asset, no cookie', url: assetUrl, headers: { 'accept-encoding': 'identity' }, meaning: 'expected equal to the asset with the cookie: the cookie should cost nothing' },
    ];
    for (const target of [bareTarget, ...targets]) await throughput(target.url, target.headers, 2);
    const bareRuns: number[] = [];
    const rps = targets.map(() => [] as number[]);
    const ratios = targets.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        let bareSum = 0;
        let portalSum = 0;
        for (let pair = 0; pair < PAIRS; pair++) {
          const order = pair % 2 === 0 ? [bareTarget, target] : [target, bareTarget];
          for (const run of order) {
            const value = await throughput(run.url, run.headers);
            if (run === bareTarget) bareSum += value;
            else portalSum += value;
          }
        }
        bareRuns.push(bareSum / PAIRS);
        rps[i].push(portalSum / PAIRS);
        ratios[i].push(portalSum / bareSum);
      }
    }
    const median = (values: number[]) => percentile(values, 50);
    figure('bare Fastify route', median(bareRuns), 'req/s', undefined, 0);
    note(`mean of its slices beside each figure and round: ${bareRuns.map((v) => v.toFixed(0)).join(', ')} req/s`);
    // A goal holds in every round (issue 22), so the lowest round is the figure judged.
    for (const [i, { label, goal, meaning }] of targets.entries()) {
      figure(`${label}, share of bare, lowest round`, 100 * Math.min(...ratios[i]), '%', goal, 0);
      note(`median ${(100 * median(ratios[i])).toFixed(0)}%, ${median(rps[i]).toFixed(0)} req/s; rounds: ${ratios[i].map((r) => `${(100 * r).toFixed(0)}%`).join(', ')}${meaning ? `; ${meaning}` : ''}`);
    }
  } finally {
    await portal.close();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
