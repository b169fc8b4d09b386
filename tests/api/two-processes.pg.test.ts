import { addDays, format } from 'date-fns';
import type { DatabaseHandle } from '../../src/server/db/database';
import { createDemoDatabase, type TestDatabase } from '../../harness/test-database';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { MAX_AGE_MS } from '../../src/server/sessions/session-cache';
import { SERVER_START_MS, freePort, signInOverHttp, startServerProcess, type ServerProcess } from '../../harness/server-process';

/** Resolves once `condition` holds, checking every 20 ms; rejects after `timeoutMs`. */
const untilTrue = async (condition: () => boolean, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Signs a demo user in on `url` through the real endpoint; the session's Cookie header. */
const login = async (url: string, username: string): Promise<string> => (await signInOverHttp(url, username)).cookie;

/**
 * Two real server processes on one PostgreSQL database behind a round-robin proxy, as
 * docs/deploy.md describes. Only on PostgreSQL: the embedded database belongs to one process.
 */
describe('two server processes behind a proxy (PostgreSQL)', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let sink: SmtpSink;
  let proxy: RoundRobinProxy;
  const processes: ServerProcess[] = [];
  const ports: number[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ database, handle } = await createDemoDatabase());
    sink = await startSmtpSink();
    ports.push(await freePort(), await freePort());
    // Both processes run every job; the lifecycle every 300 ms, so they keep meeting on the same rows.
    env = { DATABASE_URL: database.url!, SMTP_URL: sink.url, JOBS: 'true', LIFECYCLE_EVERY_MS: '300', PUBLIC_URL: 'https://portal.example.org' };
    processes.push(...(await Promise.all(ports.map((port) => startServerProcess(port, env)))));
    proxy = await startRoundRobinProxy(ports);
  }, SERVER_START_MS + 20_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(processes.map((p) => p.stop()));
    await sink?.close();
    await database?.drop();
  }, 30_000);

  it('a session signed in through one process works on the other', async () => {
    const [a, b] = processes;
    const cookie = await login(a.url, 'lead');
    for (const url of [b.url, a.url, proxy.url, proxy.url]) {
      const res = await fetch(`${url}/api/v1/sessionactive`, { headers: { cookie } });
      expect(await res.json()).toMatchObject({ active: true, userdetails: { username: 'lead' } });
    }
    // A change made on one process with the session's CSRF token is seen by the other.
    const session = (await (await fetch(`${b.url}/api/v1/sessionactive`, { headers: { cookie } })).json()) as { csrftoken: string };
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4N two@processes';
    const added = await fetch(`${b.url}/api/v1/internal/keys/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': session.csrftoken },
      body: JSON.stringify({ name: 'two-processes', public_key: key }),
    });
    expect(added.status).toBe(201);
    const keys = (await (await fetch(`${a.url}/api/v1/internal/keys/`, { headers: { cookie } })).json()) as { name: string }[];
    expect(keys.map((k) => k.name)).toContain('two-processes');
  });

  it('a session ended through one process, or of a user switched off, is refused by the other at once', async () => {
    const [a, b] = processes;
    const active = async (url: string, cookie: string) => ((await (await fetch(`${url}/api/v1/sessionactive`, { headers: { cookie } })).json()) as { active: boolean }).active;
    // The other process drops what it holds on the database's notification, and re-reads a held
    // session at least every MAX_AGE_MS whatever happens (sessions/session-cache.ts).
    const refused = async (url: string, cookie: string) => {
      const deadline = Date.now() + MAX_AGE_MS + 1000;
      while (await active(url, cookie)) if (Date.now() > deadline) return false;
      return true;
    };
    const first = await signInOverHttp(a.url, 'lead');
    const second = await signInOverHttp(a.url, 'lead');
    // Both are used on b, so that b holds them in its cache.
    expect(await active(b.url, first.cookie)).toBe(true);
    expect(await active(b.url, second.cookie)).toBe(true);
    const listed = (await (await fetch(`${a.url}/api/v1/internal/my-sessions/`, { headers: { cookie: first.cookie } })).json()) as { sessions: { id: string; current: boolean }[] };
    const others = listed.sessions.filter((s) => !s.current);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      const ended = await fetch(`${a.url}/api/v1/internal/my-sessions/${other.id}/end`, { method: 'POST', headers: { cookie: first.cookie, 'x-csrftoken': first.csrf } });
      expect(ended.status).toBe(200);
    }
    expect(await refused(b.url, second.cookie)).toBe(true);
    expect(await active(b.url, first.cookie)).toBe(true);
    // Staff switch a user off: every process refuses that user's sessions.
    const newbie = await signInOverHttp(b.url, 'newbie');
    expect(await active(a.url, newbie.cookie)).toBe(true);
    await handle.db.updateTable('users').set({ is_active: false }).where('username', '=', 'newbie').execute();
    expect(await refused(a.url, newbie.cookie)).toBe(true);
    expect(await refused(b.url, newbie.cookie)).toBe(true);
    await handle.db.updateTable('users').set({ is_active: true }).where('username', '=', 'newbie').execute();
  });

  it('moves a project near its end once, with one history row and one mail, while both processes run the job', async () => {
    const project = await handle.db.selectFrom('projects').select(['id', 'identifier']).where('croris_id', '=', 27031).executeTakeFirstOrThrow();
    const before = await handle.db.selectFrom('projects').select('change_history').where('id', '=', project.id).executeTakeFirstOrThrow();
    const historyBefore = ((before.change_history as unknown[] | null) ?? []).length;
    // Its end comes within the notice period: the next run of either process moves it.
    await handle.db.updateTable('projects').set({ date_end: format(addDays(new Date(), 3), 'yyyy-MM-dd') }).where('id', '=', project.id).execute();
    const mail = await sink.waitFor((m) => m.subject === 'Projekt uskoro istječe' && m.body.includes(`(${project.identifier})`), 20_000);
    expect(mail.body).toContain(`https://portal.example.org/ui/my-requests/extend/${project.identifier}`);
    // Many more runs of both jobs and outbox senders.
    await new Promise((r) => setTimeout(r, 3000));
    const row = await handle.db
      .selectFrom('projects')
      .innerJoin('states', 'states.id', 'projects.state_id')
      .select(['states.name', 'change_history'])
      .where('projects.id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('approve-expire');
    const history = row.change_history as { previous: { state: string }; next: { state: string }; who: { username: string } }[];
    expect(history).toHaveLength(historyBefore + 1);
    expect(history.at(-1)).toMatchObject({ previous: { state: 'approve' }, next: { state: 'approve-expire' }, who: { username: 'system' } });
    expect(sink.messages.filter((m) => m.subject === 'Projekt uskoro istječe' && m.body.includes(`(${project.identifier})`))).toHaveLength(1);
    const queued = await handle.db.selectFrom('outbox').select(['body']).where('kind', '=', 'project-ending').execute();
    expect(queued.filter((m) => m.body.includes(`(${project.identifier})`))).toHaveLength(1);
    // No mail of any kind went out twice.
    const sent = sink.messages.map((m) => `${m.to}|${m.subject}|${m.body}`);
    expect(sent.filter((m, i) => sent.indexOf(m) !== i)).toEqual([]);
  }, 40_000);

  it('restarting one process while requests flow through the proxy loses none of them', async () => {
    // A signed-in call that reads the database on whichever process answers.
    const cookie = await login(proxy.url, 'collab');
    const statuses: number[] = [];
    const failures: string[] = [];
    let flowing = true;
    const worker = async () => {
      while (flowing) {
        try {
          const res = await fetch(`${proxy.url}/api/v1/internal/projects/`, { headers: { cookie } });
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    // Each phase waits for answers rather than for a fixed time: on a loaded machine the first
    // (cold) list read can take longer than any fixed pause.
    const moreAnswers = (count: number) => untilTrue(() => statuses.length >= count || failures.length > 0, 20_000);
    await moreAnswers(8);
    const [a] = processes;
    expect(await a.stop()).toBe(0);
    const whileDown = statuses.length;
    // Requests go on while one process is down: the proxy routes around the refusals.
    await moreAnswers(whileDown + 8);
    const beforeRestart = statuses.length;
    processes[0] = await startServerProcess(a.port, env);
    // And on after it came back.
    await moreAnswers(beforeRestart + 8);
    flowing = false;
    await Promise.all(workers);
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s < 200 || s > 299)).toEqual([]);
    expect(statuses.length).toBeGreaterThanOrEqual(beforeRestart + 8);
    expect(proxy.retries).toBeGreaterThan(0);
    // The restarted process serves again through the proxy.
    const direct = await fetch(`${processes[0].url}/healthz`);
    expect(direct.status).toBe(200);
  }, SERVER_START_MS + 60_000);
});
