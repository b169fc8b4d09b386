import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { pendingMigrations } from '../db/database';
import { ApiError } from '../errors';
import { monitorOf } from '../monitor';
import { json, ref, type RouteShape } from '../openapi/route-shape';

/** An outbox sender that has not finished a round for this many intervals (at least a minute) is stuck. */
const OUTBOX_STALE_INTERVALS = 30;

/** The addresses allowed to read /metrics (`METRICS_ALLOW`: addresses or CIDR networks). */
function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function allowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv6(v4) ? list.check(v4, 'ipv6') : list.check(v4, 'ipv4');
}

/**
 * What load balancers and monitoring call: `/healthz` (the process answers), `/readyz` (database
 * reachable, migrations applied, the outbox sender of this process alive) and `/metrics`
 * (Prometheus text, only for `METRICS_ALLOW` addresses, never through a forwarded header). Also
 * times every request by route pattern and counts refused logins.
 */
export async function operationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const monitor = monitorOf(ctx);
  const metricsAllow = allowList(ctx.config.metricsAllow);

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    monitor.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (route === '/auth/login/' && reply.statusCode >= 400)
      monitor.loginFailures.inc({ reason: reply.statusCode === 429 ? 'rate-limited' : reply.statusCode === 401 ? 'bad-credentials' : 'invalid' });
    done();
  });

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { summary: 'The process answers.', response: { 200: json('Up.', ref('api/operations-answers#/definitions/health')) } },
    },
    async () => ({ status: 'ok' }),
  );

  const readyz: RouteShape = {
    summary: 'Database reachable, migrations applied, the outbox sender of this process alive.',
    response: {
      200: json('Ready.', ref('api/operations-answers#/definitions/ready')),
      503: json('Not ready; checks say why.', ref('api/operations-answers#/definitions/ready')),
    },
  };
  app.get('/readyz', { config: { access: 'public' }, logLevel: 'warn', schema: readyz }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    try {
      await sql`SELECT 1`.execute(ctx.db);
      checks.database = 'ok';
      const pending = await pendingMigrations(ctx.db);
      checks.migrations = pending.length ? `pending: ${pending.join(', ')}` : 'ok';
    } catch (error) {
      checks.database = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
      checks.migrations = 'unknown';
    }
    const outbox = monitor.outbox;
    if (!outbox) checks.outbox = ctx.config.jobs ? 'not started' : 'not run by this process';
    else {
      const silentMs = Date.now() - outbox.lastBeat().getTime();
      checks.outbox = silentMs > Math.max(60_000, OUTBOX_STALE_INTERVALS * outbox.intervalMs) ? `stuck for ${Math.round(silentMs / 1000)} s` : 'ok';
    }
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && (checks.outbox === 'ok' || !ctx.config.jobs);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  const metrics: RouteShape = {
    summary: 'Prometheus metrics; only for the addresses of METRICS_ALLOW.',
    response: { 200: { description: 'Prometheus text exposition format.', contentType: 'text/plain' } },
  };
  app.get('/metrics', { config: { access: 'public' }, logLevel: 'warn', schema: metrics }, async (request, reply) => {
    if (!allowed(metricsAllow, request.socket.remoteAddress)) throw new ApiError('forbidden');
    return reply.type(monitor.registry.contentType).send(await monitor.registry.metrics());
  });
}
