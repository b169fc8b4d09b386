/**
 * What an operator watches: Prometheus metrics of one app process (prom-client), and the parts of
 * the process a readiness check asks about. One monitor per app context, so tests that build
 * several apps in one process keep their figures apart.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from './context';
import type { OutboxSender } from './mail/outbox';
import { failingMailCount, unsentMailCount } from './mail/queries';
import { unexpiredSessionCount } from './sessions/queries';

export interface Monitor {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobRuns: Counter<'job' | 'outcome'>;
  loginFailures: Counter<'reason'>;
  /** Federation metadata fetches by outcome (`ok`, `failed`: the last good copy stayed in use). */
  samlMetadataRefreshes: Counter<'federation' | 'outcome'>;
  /** The outbox sender of this process, when it runs one. */
  outbox?: OutboxSender;
}

const monitors = new WeakMap<AppContext, Monitor>();

/** The monitor of an app context, made at first use. */
export function monitorOf(ctx: AppContext): Monitor {
  const existing = monitors.get(ctx);
  if (existing) return existing;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const monitor: Monitor = {
    registry,
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    jobRuns: new Counter({ name: 'portal_job_runs_total', help: 'Background job runs by outcome', labelNames: ['job', 'outcome'], registers: [registry] }),
    loginFailures: new Counter({ name: 'portal_login_failures_total', help: 'Refused password logins', labelNames: ['reason'], registers: [registry] }),
    samlMetadataRefreshes: new Counter({
      name: 'portal_saml_metadata_refreshes_total',
      help: 'Scheduled fetches of federation metadata by outcome; failed ones kept the last good copy',
      labelNames: ['federation', 'outcome'],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'portal_outbox_backlog',
    help: 'Mails waiting in the outbox',
    registers: [registry],
    async collect() {
      this.set(await unsentMailCount(ctx.db));
    },
  });
  new Gauge({
    name: 'portal_outbox_failing',
    help: 'Unsent mails whose delivery has failed at least once',
    registers: [registry],
    async collect() {
      this.set(await failingMailCount(ctx.db));
    },
  });
  new Gauge({
    name: 'portal_sessions_active',
    help: 'Sessions not yet expired',
    registers: [registry],
    async collect() {
      this.set(await unexpiredSessionCount(ctx.db));
    },
  });
  monitors.set(ctx, monitor);
  return monitor;
}
