import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { purgeExpiredSessions } from './sessions/sessions';
import { INVITE_CLEANUP_EVERY_MS, purgeUsedInvites } from './invites/cleanup';
import { monitorOf } from './monitor';
import { purgeExpiredRequests } from '@/server/saml/queries';
import { mailRules } from '../schema-runtime';
import { vacuumDueTables } from './db/vacuum';

/** How often the embedded database's tables are checked for a vacuum (autovacuum's own check is every minute). */
const VACUUM_EVERY_MS = 60_000;

/** How often the retention rules are applied; their periods are a day or longer. */
const RETENTION_EVERY_MS = 10 * 60_000;

/** A running set of background jobs. */
export interface Jobs {
  /** Settles once every job is set up (the outbox sender is loaded on demand), having logged what it says at start. */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** A periodic job: its name (in logs and metrics), its interval and one round. */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** The periodic jobs this process runs, by its configuration (the retention and lifecycle jobs only while RETENTION_APPLY and LIFECYCLE_APPLY are on). */
export function periodicJobs(ctx: AppContext, log: FastifyBaseLogger): Job[] {
  return [
    { name: 'purge-sessions', everyMs: 60 * 60_000, run: () => purgeExpiredSessions(ctx.db, ctx.config.sessions) },
    { name: 'purge-saml-requests', everyMs: 30 * 60_000, run: () => purgeExpiredRequests(ctx.db) },
    // Sign-in attempts, mails and long-inactive users (rules/retention.json); sessions go as they end;
    // one process at a time applies them, the others skip the round. RETENTION_APPLY=false holds them.
    ...(ctx.config.retentionApply
      ? [
          {
            name: 'retention',
            everyMs: RETENTION_EVERY_MS,
            run: () =>
              import('./personal-data/retention').then(async ({ applyRetention }) => {
                const removed = await applyRetention(ctx.db, ctx.schemas);
                for (const { rule, rows, tables } of removed ?? []) {
                  if (rows) log.info({ rule, rows, tables: tables.filter((t) => t.rows) }, `retention ${rule}: removed ${rows}`);
                }
              }),
          },
        ]
      : []),
    {
      name: 'flag-inactive-users',
      everyMs: 2 * 60_000,
      run: () => import('./users/inactive-sweep').then(({ sweepInactiveUsers }) => sweepInactiveUsers(ctx.db, ctx.schemas)),
    },
    // LIFECYCLE_APPLY=false holds it for a cutover.
    ...(ctx.config.lifecycleApply
      ? [
          {
            name: 'project-lifecycle',
            everyMs: ctx.config.lifecycleEveryMs ?? ctx.schemas.constants.lifecycleEveryMs,
            run: () => import('./projects/lifecycle').then(({ runProjectLifecycle }) => runProjectLifecycle(ctx)),
          },
        ]
      : []),
    {
      name: 'mail-digest',
      everyMs: mailRules(ctx.schemas).digest.everyMs,
      run: () => import('./mail/digest').then(({ runMailDigest }) => runMailDigest(ctx)),
    },
    // The summary points at the usage pages, so it goes out only where they are shown.
    ...(ctx.config.enableAccounting
      ? [
          {
            name: 'usage-summaries',
            everyMs: mailRules(ctx.schemas).digest.everyMs,
            run: () => import('./accounting/usage-summaries').then(({ runUsageSummaries }) => runUsageSummaries(ctx)),
          },
          {
            name: 'grant-warnings',
            everyMs: mailRules(ctx.schemas).digest.everyMs,
            run: () => import('./grants/warnings').then(({ runGrantWarnings }) => runGrantWarnings(ctx)),
          },
        ]
      : []),
    {
      name: 'purge-used-invites',
      everyMs: INVITE_CLEANUP_EVERY_MS,
      run: () => purgeUsedInvites(ctx.db, ctx.schemas),
    },
    // A PostgreSQL server has autovacuum; the embedded database has nothing else doing it.
    ...(ctx.config.databaseUrl
      ? []
      : [
          {
            name: 'vacuum-embedded',
            everyMs: VACUUM_EVERY_MS,
            run: async () => {
              for (const t of await vacuumDueTables(ctx.db)) {
                log.info({ table: t.table, live: t.live, dead: t.dead, inserted: t.inserted, changed: t.changed, ms: Math.round(t.ms) }, `${t.action} ${t.table}`);
              }
            },
          },
        ]),
  ];
}

/** Logs that the lifecycle is held, with what its first run would change once it is not. */
async function warnLifecycleHeld(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  try {
    const { runProjectLifecycle } = await import('./projects/lifecycle');
    const due = await runProjectLifecycle(ctx, new Date(), { dryRun: true });
    log.warn(due, `project lifecycle held (LIFECYCLE_APPLY=false): its first run would expire ${due.expired} projects and move ${due.ending} to their ending state`);
  } catch (error) {
    log.error({ err: error }, 'project lifecycle held (LIFECYCLE_APPLY=false); what it would change could not be read');
  }
}

/**
 * Runs the periodic jobs inside the server process. Every job is safe to run from several
 * processes at once (deletes of expired rows, claimed outbox rows, digests and summaries claimed by
 * unique rows, the retention rules under an advisory lock), so scaling out needs no leader.
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): Jobs {
  const jobs = periodicJobs(ctx, log);
  if (!ctx.config.retentionApply) log.warn('retention held (RETENTION_APPLY=false): nothing past its period is removed; /ui/rules shows what would be');
  const monitor = monitorOf(ctx);
  const extra: { stop(): Promise<void> }[] = [];
  const outbox = import('./mail/outbox')
    .then(({ startOutboxSender }) => {
      const sender = startOutboxSender({ db: ctx.db, smtpUrl: ctx.config.smtpUrl, logger: log });
      monitor.outbox = sender;
      extra.push(sender);
    })
    .catch((error: Error) => log.error({ err: error }, 'outbox sender failed to start'));
  const started = Promise.all([outbox, ctx.config.lifecycleApply ? undefined : warnLifecycleHeld(ctx, log)]).then(() => undefined);
  const timers = jobs.map((job) =>
    setInterval(() => {
      job
        .run()
        .then(() => monitor.jobRuns.inc({ job: job.name, outcome: 'ok' }))
        .catch((error: Error) => {
          monitor.jobRuns.inc({ job: job.name, outcome: 'failed' });
          log.error({ err: error }, `job ${job.name} failed`);
        });
    }, job.everyMs),
  );
  return {
    started,
    async stop() {
      timers.forEach(clearInterval);
      await started;
      await Promise.all(extra.map((e) => e.stop()));
    },
  };
}
