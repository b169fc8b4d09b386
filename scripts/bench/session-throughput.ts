/**
 * Session-check benchmark: throughput (autocannon over real HTTP on loopback) of a logged-in
 * `GET /api/v1/sessionactive` and of a static asset requested with the session cookie, each as a
 * ratio of a bare Fastify route's throughput measured in the same run (goal: sessionactive ≥ 50%
 * in every round, so the lowest round is the figure judged). The portal runs on a throw-away
 * database (embedded, or on the server of DATABASE_URL) with 2,000 users, the signed-in one a member
 * of 5 projects. Also prints the portal's `/healthz` (its hooks without any session) to tell the
 * session check's cost from the rest. Prints; asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { lookupIds } from '../../src/server/db/vocabularies';
import { startSessionCache } from '../../src/server/services/session-cache';
import { benchApp, sessionCookie, withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { figure, note, percentile, type Budget } from './lib/figures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Requests per second (mean) of `url`, after a one-second warm-up; non-2xx answers are reported.
 * The load comes from a worker thread, so the servers in this thread are all the main thread runs.
 */
async function throughput(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers, workers: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const clientDir = mkdtempSync(join(tmpdir(), 'bench-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(join(clientDir, 'app.0123456789abcdef.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ active: true }));
  try {
    await withBenchDatabase((bench) => measure(bench, clientDir, bare));
  } finally {
    await bare.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

/** Fills the database, serves the portal from it with the client in `clientDir` and prints the figures. */
async function measure({ handle, db, kind, schemas }: BenchDatabase, clientDir: string, bare: FastifyInstance): Promise<void> {
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

    console.log(`database: ${kind}; ${CONNECTIONS} connections from a worker thread, ${SECONDS} s per figure, ${ROUNDS} rounds`);
    const assetUrl = `${portalBase}/static/app.0123456789abcdef.js`;
    const targets: { label: string; url: string; headers: Record<string, string>; goal?: Budget; meaning?: string }[] = [
      { label: 'sessionactive, logged in', url: `${portalBase}/api/v1/sessionactive`, headers: cookie, goal: { min: 50 } },
      // The portal's own hooks (security headers, guards, timing, compression check) without any session.
      { label: 'portal /healthz, no session', url: `${portalBase}/healthz`, headers: {} },
      { label: 'static asset (20 KB), session cookie', url: assetUrl, headers: { ...cookie, 'accept-encoding': 'identity' } },
      { label: 'the same asset, no cookie', url: assetUrl, headers: { 'accept-encoding': 'identity' }, meaning: 'expected equal to the asset with the cookie: the cookie should cost nothing' },
    ];
    // Each round measures the bare route again, and each figure is a ratio to its own round's bare
    // figure: a machine whose load changes during the run moves both alike.
    const bareRuns: number[] = [];
    const rps = targets.map(() => [] as number[]);
    const ratios = targets.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      const bareRps = await throughput(`${bareBase}/bare`);
      bareRuns.push(bareRps);
      for (const [i, target] of targets.entries()) {
        const value = await throughput(target.url, target.headers);
        rps[i].push(value);
        ratios[i].push(value / bareRps);
      }
    }
    const median = (values: number[]) => percentile(values, 50);
    figure('bare Fastify route', median(bareRuns), 'req/s', undefined, 0);
    note(`rounds: ${bareRuns.map((v) => v.toFixed(0)).join(', ')} req/s`);
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
