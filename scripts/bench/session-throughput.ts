/**
 * Session-check benchmark: throughput (autocannon over real HTTP on loopback) of a logged-in
 * `GET /api/v1/sessionactive` and of a static asset requested with the session cookie, each as a
 * ratio of a bare Fastify route's throughput measured in the same run (goal: sessionactive ≥ 50%).
 * The portal runs on a throw-away database (embedded, or on the server of DATABASE_URL) with
 * 2,000 users, the signed-in one a member of 5 projects. Also prints the portal's `/healthz` (its
 * hooks without any session) to tell the session check's cost from the rest. Prints; asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { migrate } from '../../src/server/db/database';
import { lookupIds, syncVocabularies } from '../../src/server/db/vocabularies';
import { createSession } from '../../src/server/services/sessions';
import { startSessionCache } from '../../src/server/services/session-cache';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { createTestDatabase } from '../../tests/support/test-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Requests per second (mean) of `url`, after a one-second warm-up; non-2xx answers are reported. */
async function throughput(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const schemas = loadSchemaSet();
  const database = await createTestDatabase();
  const clientDir = mkdtempSync(join(tmpdir(), 'bench-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(join(clientDir, 'app.0123456789abcdef.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ active: true }));
  let portal: FastifyInstance | undefined;
  try {
    const handle = await database.open();
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    const lead = (await lookupIds(handle.db, 'roles')).get('lead');
    const state = [...(await lookupIds(handle.db, 'states')).values()][0];
    const type = [...(await lookupIds(handle.db, 'project_types')).values()][0];
    await sql`
      INSERT INTO users (username, first_name, last_name, person_mail, status)
      SELECT 'user' || g || '@example.org', 'Ime' || g, 'Prezime' || g, 'user' || g || '@example.org', true
        FROM generate_series(1, 2000) g`.execute(handle.db);
    const user = await handle.db.selectFrom('users').select('id').where('username', '=', 'user1@example.org').executeTakeFirstOrThrow();
    await sql`
      INSERT INTO projects (identifier, name, institute, reason, state_id, project_type_id, is_active)
      SELECT 'B-' || g, 'Projekt ' || g, 'Institut', 'x', ${state}, ${type}, true FROM generate_series(1, 5) g`.execute(handle.db);
    await sql`INSERT INTO memberships (user_id, project_id, role_id) SELECT ${user.id}, id, ${lead} FROM projects`.execute(handle.db);
    const session = await createSession(handle.db, user.id, 1);
    if (process.env.BENCH_NO_SESSION_CACHE !== '1') await startSessionCache(handle);
    const ctx: AppContext = {
      db: handle.db,
      schemas,
      config: { ...readConfig({ NODE_ENV: 'test' }), demo: false, jobs: false, clientDir },
    };
    portal = await buildApp(ctx, { logger: false });
    const portalBase = await listen(portal);
    const bareBase = await listen(bare);
    const cookie = { cookie: `${schemas.service.serviceKey}_session=${session.token}` };
    const probe = await fetch(`${portalBase}/api/v1/sessionactive`, { headers: cookie });
    const answer = (await probe.json()) as { active: boolean };
    if (!answer.active) throw new Error('the bench session is not active');

    console.log(`database: ${database.kind}; ${CONNECTIONS} connections, ${SECONDS} s per figure`);
    const bareRps = await throughput(`${bareBase}/bare`);
    const sessionRps = await throughput(`${portalBase}/api/v1/sessionactive`, cookie);
    // The portal's own hooks (security headers, guards, timing, compression check) without any session.
    const healthRps = await throughput(`${portalBase}/healthz`);
    const assetRps = await throughput(`${portalBase}/static/app.0123456789abcdef.js`, { ...cookie, 'accept-encoding': 'identity' });
    const bareAgain = await throughput(`${bareBase}/bare`);
    const bareMean = (bareRps + bareAgain) / 2;
    const pct = (rps: number) => `${((100 * rps) / bareMean).toFixed(0)}%`;
    console.log(`bare Fastify route                       ${bareMean.toFixed(0).padStart(7)} req/s (runs: ${bareRps.toFixed(0)}, ${bareAgain.toFixed(0)})`);
    console.log(`sessionactive, logged in                 ${sessionRps.toFixed(0).padStart(7)} req/s = ${pct(sessionRps)} of bare (goal ≥ 50%)`);
    console.log(`portal /healthz, no session              ${healthRps.toFixed(0).padStart(7)} req/s = ${pct(healthRps)} of bare`);
    console.log(`static asset with the session cookie     ${assetRps.toFixed(0).padStart(7)} req/s = ${pct(assetRps)} of bare`);
  } finally {
    await portal?.close();
    await bare.close();
    await database.drop();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
