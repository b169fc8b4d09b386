import { startOutboxSender } from '../../src/server/mail/outbox';
import { monitorOf } from '../../src/server/monitor';
import { startTestApp, type TestApp } from '../../harness/test-app';
import type { Log } from '../../src/server/log';

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('operator endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz while the process is up', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and every migration has run', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', outbox: 'not run by this process' } });
  });

  it('serves Prometheus metrics with request timings by route, refused logins and the outbox backlog', async () => {
    await t.app.inject({ url: '/api/v1/sessionactive' });
    const anonymous = await t.anonymous();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: anonymous.cookie, 'x-csrftoken': anonymous.csrf },
      payload: { username: 'lead', password: 'wrong' },
    });
    expect(refused.statusCode).toBe(401);
    await t.login('staff');
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/portal_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/sessionactive",status="200"\} [1-9]/);
    expect(res.body).toMatch(/portal_login_failures_total\{reason="bad-credentials"\} 1/);
    expect(res.body).toMatch(/portal_outbox_backlog \d+/);
    expect(res.body).toMatch(/portal_sessions_active [1-9]/);
  });

  it('gives each answer a request id, keeping one a proxy sent', async () => {
    const fresh = await t.app.inject({ url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'proxy-1234abcd' } });
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');
    const odd = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(odd.headers['x-request-id']).not.toBe('bad id with spaces');
  });
});

describe('operator endpoints, when something is wrong', () => {
  it('refuses /metrics to addresses outside METRICS_ALLOW, whatever a forwarded header says', async () => {
    const t = await startTestApp({ seed: false, config: { metricsAllow: ['10.0.0.0/8'] } });
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '10.1.2.3' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().status.key).toBe('forbidden');
    } finally {
      await t.close();
    }
  });

  it('is not ready while a process that should send mail has no running outbox sender, and ready once it runs', async () => {
    const t = await startTestApp({ seed: false, config: { jobs: true } });
    try {
      const waiting = await t.app.inject({ url: '/readyz' });
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toMatchObject({ status: 'not ready', checks: { outbox: 'not started' } });
      const sender = startOutboxSender({ db: t.ctx.db, logger: quiet, intervalMs: 60_000 });
      monitorOf(t.ctx).outbox = sender;
      try {
        expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await sender.stop();
      }
    } finally {
      await t.close();
    }
  });

  it('is not ready when the database cannot be reached', async () => {
    const t = await startTestApp({ seed: false });
    await t.ctx.db.destroy();
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toMatch(/^unreachable/);
    await t.close().catch(() => undefined);
  });
});
