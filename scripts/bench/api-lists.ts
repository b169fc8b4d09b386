/**
 * List-endpoint benchmark: builds a throw-away database (embedded, or a fresh one on the server of
 * DATABASE_URL, dropped afterwards) with 20,000 users, 5,000 projects in every state and of several
 * types with 1–5 members each, and SSH keys — and again with 100,000 users / 25,000 projects
 * (BENCH_SIZES=20000x5000,100000x25000 by default) — then times the whole lists over a real
 * loopback HTTP connection, the staff lists with a staff session and the external API the clusters'
 * provisioning reads with an API key: warm (gzip, and decompressed for a client without gzip), the
 * first read after a change by the process that made it and by another app on the same database (its
 * own lists, as another process holds them; both take in the changed rows only); and, through
 * `app.inject`, the page call of the staff grids (grid-page/:grid: the first page, filtered pages, a
 * sorted one and a deep one, warm and after a change).
 * Prints p50/p95/max against the 50 ms budget and how each p95 and size grows from the first size to the next; asserts nothing.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { createApiKey } from '../../src/server/api-keys/api-keys';
import { benchApp, fill, sessionCookie, withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { note, timingFigure } from './lib/figures';
import { timeCalls } from './lib/timed-calls';

const SIZES = (process.env.BENCH_SIZES ?? '20000x5000,100000x25000').split(',').map((s) => s.split('x').map(Number) as [number, number]);
const BUDGET = { max: 50 };
/** One kept-alive connection, as a provisioning script's HTTP client holds. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const ENDPOINTS = [
  '/api/v1/internal/active-users/',
  '/api/v1/internal/inactive-users/',
  '/api/v1/internal/projects/all',
];
/** Pages of the staff grids as a paged grid asks for them (30 rows; offsets relative to the list's rows). */
const PAGES: { name: string; query: (users: number, projects: number) => string }[] = [
  { name: 'projects, first page', query: () => 'projects?limit=30&tz=Europe/Zagreb' },
  { name: 'projects, text filter', query: () => 'projects?limit=30&search=projekt%2012&tz=Europe/Zagreb' },
  { name: 'projects, people + state', query: () => 'projects?limit=30&people=ime12&state=approve&tz=Europe/Zagreb' },
  { name: 'projects, deep page', query: (_u, p) => `projects?limit=30&offset=${Math.floor(p * 0.5)}&tz=Europe/Zagreb` },
  { name: 'requests, EU type + date', query: () => 'requests?limit=30&type=research-eu-croris&date=.03.&tz=Europe/Zagreb' },
  { name: 'users-active, first page', query: () => 'users-active?limit=30&tz=Europe/Zagreb' },
  { name: 'users-active, name filter', query: () => 'users-active?limit=30&searchName=ime12&tz=Europe/Zagreb' },
  { name: 'users-active, e-mail + key', query: () => 'users-active?limit=30&searchEmail=user1&searchSSHKey=yes&tz=Europe/Zagreb' },
  { name: 'users-active, sorted by name', query: () => 'users-active?limit=30&sort=last_name&order=asc&tz=Europe/Zagreb' },
  { name: 'users-active, deep page by date', query: (u) => `users-active?limit=30&offset=${Math.floor(u * 0.15)}&sort=date_joined&order=asc&tz=Europe/Zagreb` },
  { name: 'users-inactive, first page', query: () => 'users-inactive?limit=30&tz=Europe/Zagreb' },
];
/** Called with an API key of scope read instead of the staff session. */
const EXTERNAL = [
  '/api/v1/usersprojects',
  '/api/v1/usersprojects?tags=GPU',
  '/api/v1/sshkeys',
  '/api/v1/accounting/projectsusers',
  '/api/v1/accounting/projectsusers?tags=CPU,GPU&op=AND',
];

/** p95 and sizes by figure name, per size, for the growth table. */
const figures = new Map<string, Map<string, number>>();

async function main(): Promise<void> {
  for (const [users, projects] of SIZES) {
    const current = new Map<string, number>();
    figures.set(`${users}/${projects}`, current);
    await withBenchDatabase((bench) => runSize(bench, users, projects, current));
  }
  const [first, ...rest] = [...figures.entries()];
  for (const [label, map] of rest) {
    console.log(`\ngrowth from ${first[0]} to ${label} users/projects (p95 in ms, sizes in KB):`);
    for (const [name, value] of map) {
      const before = first[1].get(name);
      if (before !== undefined) console.log(`  ${name.padEnd(52)} ${before.toFixed(1).padStart(9)} → ${value.toFixed(1).padStart(9)}  ×${(value / before).toFixed(1)}`);
    }
  }
}

/** Fills the database at one size and prints its figures; `current` takes each p95 and size for the growth table. */
async function runSize({ db, kind, schemas }: BenchDatabase, users: number, projects: number, current: Map<string, number>): Promise<void> {
  // Enough calls per figure that its p95 is not one slow call: of 100 calls the 95th, so five
  // slow ones (a collection, the machine's other work) may fall beyond it and a sixth moves it.
  const runs = 100;
  const rebuildRuns = 60;
  const report = (name: string, ms: number[]) => current.set(name, timingFigure(name, ms, BUDGET).p95);
  const started = performance.now();
  const { staffId, upkeep } = await fill(db, users, projects);
  // The changed user is on projects and has keys: every list has rows naming them.
  const memberId = (await sql<{ id: number }>`SELECT user_id AS id FROM memberships ORDER BY id LIMIT 1`.execute(db)).rows[0].id;
  const counts = await sql<{ users: number; projects: number; memberships: number; keys: number }>`
    SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM projects) AS projects,
           (SELECT count(*)::int FROM memberships) AS memberships, (SELECT count(*)::int FROM ssh_keys) AS keys`.execute(db);
  const c = counts.rows[0];
  console.log(`database: ${kind}; ${c.users} users, ${c.projects} projects, ${c.memberships} memberships, ${c.keys} keys (filled in ${Math.round(performance.now() - started)} ms)`);
  // On the embedded database a vacuum holds it: nothing else runs for that long (decision 0550).
  note(`calls per figure: ${runs} warm, ${rebuildRuns} after a change, each after 3 untimed ones`);
  note(`upkeep after the fill: ${upkeep.map((t) => `${t.action} ${t.table} ${Math.round(t.ms)} ms`).join(', ') || 'nothing due'}`);

  const app = await benchApp(db, schemas);
  // Another process: an app of its own context, so with lists of its own.
  const otherApp = await benchApp(db, schemas);
  const cookie = await sessionCookie(db, schemas, staffId);
  const { key } = await createApiKey(db, 'bench', ['read']);
  // Whole lists are timed over a real loopback connection, as the clusters and browsers call them:
  // `inject` copies a megabyte answer into strings and costs more than serving it. A timed call
  // reads every byte of the answer and counts it, keeping none: a client that keeps 34 MB a call
  // in the server's own process (its heap, its collector) would time its own garbage collection,
  // which a provisioning script pays in its own process. The probe before them keeps its answer
  // (rows and sizes are read from it).
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const otherAddress = await otherApp.listen({ port: 0, host: '127.0.0.1' });
  type HttpAnswer = { statusCode: number; headers: Record<string, string | string[] | undefined>; rawPayload: Buffer; body?: string };
  const overHttp = (base: string, url: string, headers: Record<string, string>, keep: boolean): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      http
        .get(`${base}${url}`, { headers, agent }, (res) => {
          const kept = keep || res.statusCode !== 200;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            if (kept) chunks.push(c);
          });
          res.on('end', () => {
            const rawPayload = Buffer.concat(chunks);
            // The body as text only for an error, which timeCalls quotes.
            resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload, body: res.statusCode === 200 ? undefined : rawPayload.toString('utf8') });
          });
        })
        .on('error', reject);
    });
  const callOf = (url: string, other = false, keep = false) => (headers: Record<string, string>) => overHttp(other ? otherAddress : address, url, headers, keep);
  const authOf = (url: string): Record<string, string> => (EXTERNAL.includes(url) ? { authorization: `Api-Key ${key}` } : { cookie });
  // BENCH_LISTS=external (or staff) measures only that group.
  const group = process.env.BENCH_LISTS;
  const urls = group === 'external' ? EXTERNAL : group === 'staff' ? ENDPOINTS : group === 'pages' ? [] : [...ENDPOINTS, ...EXTERNAL];
  // The other process's lists are built before any figure is timed: the two apps share this
  // process, and the aftermath of building a 100,000-row list (its garbage collected over the next
  // calls) would otherwise land in the figures of the app measured next, which another process's
  // first read never slows in production.
  for (const url of urls) {
    const answer = await callOf(url, true)({ ...authOf(url), 'accept-encoding': 'gzip' });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode} to the other reader: ${answer.body}`);
  }
  for (const url of urls) {
    const auth = authOf(url);
    const headers = { ...auth, 'accept-encoding': 'gzip' };
    const get = callOf(url);
    const probe = await callOf(url, false, true)(headers);
    if (probe.statusCode !== 200) {
      console.log(`${url} not measured: answers ${probe.statusCode} (not registered yet?)`);
      continue;
    }
    const json = probe.headers['content-encoding'] === 'gzip' ? gunzipSync(probe.rawPayload) : probe.rawPayload;
    const rows = (JSON.parse(json.toString('utf8')) as unknown[]).length;
    current.set(`${url} size raw`, json.length / 1024);
    current.set(`${url} size gzip`, probe.rawPayload.length / 1024);
    // Warm: nothing changed since the last read.
    const how = EXTERNAL.includes(url) ? ' (API key)' : '';
    report(`${url} warm${how}`, await timeCalls(url, runs, () => get(headers)));
    note(`${rows} rows, ${(json.length / 1024).toFixed(0)} KB, ${(probe.rawPayload.length / 1024).toFixed(0)} KB gzip`);
    report(`${url} warm, no gzip${how}`, await timeCalls(url, runs, () => get(auth)));
    // The first call after a change to a table the list reads (a user's name, the user on projects
    // and keys) by the process that made it, and by another process.
    let n = 0;
    const change = async () => {
      n += 1;
      await sql`UPDATE users SET first_name = ${`Bench${n}`} WHERE id = ${memberId}`.execute(db);
    };
    const other = callOf(url, true);
    report(`${url} after a change, the changer${how}`, await timeCalls(url, rebuildRuns, () => get(headers), change));
    report(`${url} after a change, other reader${how}`, await timeCalls(url, rebuildRuns, () => other(headers), change));
  }
  if (group === undefined || group === 'pages') {
    console.log(`\npages (GET /api/v1/internal/grid-page/…, 30 rows)`);
    let n = 0;
    for (const { name, query } of PAGES) {
      const url = `/api/v1/internal/grid-page/${query(users, projects)}`;
      const headers = { cookie, 'accept-encoding': 'gzip' };
      const get = () => app.inject({ method: 'GET', url, headers });
      const probe = await get();
      if (probe.statusCode !== 200) throw new Error(`${url} answered ${probe.statusCode}: ${probe.body}`);
      const json = probe.headers['content-encoding'] === 'gzip' ? gunzipSync(probe.rawPayload) : probe.rawPayload;
      const page = JSON.parse(json.toString('utf8')) as { count: number; rows: unknown[] };
      // Warm: the same page again, as a caller paging back and forth (the list's and the filter's counts kept).
      report(`page: ${name} warm`, await timeCalls(url, runs, get));
      note(`${page.rows.length} rows of ${page.count}, ${(json.length / 1024).toFixed(0)} KB, ${(probe.rawPayload.length / 1024).toFixed(1)} KB gzip`);
      // After a change: the window read as ever, and every count counted again (as for a new filter).
      const change = async () => {
        n += 1;
        await sql`UPDATE users SET first_name = ${`Bench${n}`} WHERE id = ${staffId}`.execute(db);
      };
      report(`page: ${name} after a change`, await timeCalls(url, rebuildRuns, get, change));
    }
  }
  agent.destroy();
  await otherApp.close();
  await app.close();
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
