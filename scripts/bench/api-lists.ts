/**
 * List-endpoint benchmark: builds a throw-away database (embedded, or a fresh one on the server of
 * DATABASE_URL, dropped afterwards) with 20,000 users, 5,000 projects in every state and of several
 * types with 1–5 members each, and SSH keys — and again with 100,000 users / 25,000 projects
 * (BENCH_SIZES=20000x5000,100000x25000 by default) — then times the staff list endpoints through
 * `app.inject` with a staff session: warm (gzip, and decompressed for a client without gzip), the
 * first read after a change by the process that made it and by another app on the same database (its
 * own lists, as another process holds them; both take in the changed rows only); and the
 * external API the clusters' provisioning reads, with an API key, over a real loopback HTTP connection; and the page call of
 * the staff grids (grid-page/:grid: the first page, filtered pages, a sorted one and a deep one, warm and after a change).
 * Prints p50/p95/max against the 50 ms budget and how each p95 and size grows from the first size to the next; asserts nothing.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { migrate } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';
import { lookupIds, syncVocabularies } from '../../src/server/db/vocabularies';
import { createSession } from '../../src/server/services/sessions';
import { createApiKey } from '../../src/server/services/api-keys';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { createTestDatabase } from '../../tests/support/test-database';

const SIZES = (process.env.BENCH_SIZES ?? '20000x5000,100000x25000').split(',').map((s) => s.split('x').map(Number) as [number, number]);
let USERS = 20_000;
let PROJECTS = 5_000;
let RUNS = 50;
/** Each rebuild renders the whole list again, so fewer of them. */
let REBUILD_RUNS = 10;
const WARMUP = 3;
const BUDGET_MS = 50;
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

/** Fills the database with set-based statements: a handful of INSERT … SELECT generate_series. */
export async function fill(db: Kysely<Database>, users = USERS, projects = PROJECTS): Promise<number> {
  const [USERS_, PROJECTS_] = [users, projects];
  const states = [...(await lookupIds(db, 'states')).values()];
  const types = [...(await lookupIds(db, 'project_types')).values()];
  const roles = await lookupIds(db, 'roles');
  const lead = roles.get('lead');
  const collaborator = roles.get('collaborator');
  if (lead === undefined || collaborator === undefined) throw new Error('roles lead and collaborator are missing');
  await sql`
    INSERT INTO users (username, first_name, last_name, person_mail, person_institution, person_uniqueid,
                       person_username, person_oib, status, date_joined)
    SELECT 'user' || g || '@example.org', 'Ime' || g, 'Prezime' || (g % 997), 'user' || g || '@example.org',
           'Institucija ' || (g % 120), 'user' || g || '@example.org', 'u' || g, lpad(g::text, 11, '0'),
           g % 4 <> 0, now() - make_interval(mins => g)
      FROM generate_series(1, ${USERS_}) g`.execute(db);
  const { rows } = await sql<{ first: number }>`SELECT min(id)::int AS first FROM users`.execute(db);
  const first = rows[0].first;
  await sql`
    INSERT INTO projects (identifier, name, institute, reason, date_submitted, date_approved, date_start, date_end,
                          state_id, project_type_id, is_active, staff_resources_type, croris_finance)
    SELECT 'NR-' || (2020 + g % 6) || '-' || lpad((1 + g % 12)::text, 2, '0') || '-' || lpad(g::text, 5, '0'),
           'Projekt ' || g, 'Institucija ' || (g % 120), 'Opis projekta ' || g,
           now() - make_interval(days => g % 1500), CASE WHEN g % 3 = 0 THEN NULL ELSE now() - make_interval(days => g % 1400) END,
           (current_date - (g % 1500))::date, (current_date - (g % 1500) + 365)::date,
           (${sql.raw(`ARRAY[${states.join(',')}]`)})[1 + g % ${states.length}],
           (${sql.raw(`ARRAY[${types.join(',')}]`)})[1 + (g / 7) % ${types.length}],
           g % 2 = 0, '[{"label":"CPU","value":"CPU"}]'::jsonb, '["Euro fond"]'::jsonb
      FROM generate_series(1, ${PROJECTS_}) g`.execute(db);
  // Member k of project p: distinct users for k = 0..4 (k·4729 mod 20000 differ); member 0 is the lead.
  await sql`
    INSERT INTO memberships (user_id, project_id, role_id, date_joined)
    SELECT ${first}::bigint + (p.id * 7919 + k * 104729) % ${USERS_}, p.id,
           CASE WHEN k = 0 THEN ${lead}::int ELSE ${collaborator}::int END, now() - make_interval(days => k)
      FROM projects p CROSS JOIN generate_series(0, 4) k
     WHERE k <= p.id % 5
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO ssh_keys (user_id, name, fingerprint, public_key)
    SELECT u.id, 'key' || k, md5(u.id || '-' || k), 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA' || md5(u.id || 'k' || k)
      FROM users u CROSS JOIN generate_series(1, 2) k
     WHERE (u.id + k) % 3 <> 0`.execute(db);
  const staff = await db
    .insertInto('users')
    .values({ username: 'bench-staff', first_name: 'Bench', last_name: 'Staff', is_staff: true, status: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`ANALYZE`.execute(db);
  return staff.id;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times `runs` calls after WARMUP untimed ones; `before` runs untimed ahead of each call. */
async function timeRuns(runs: number, call: () => Promise<{ statusCode: number }>, before?: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + runs; i += 1) {
    if (before) await before();
    const t0 = performance.now();
    const res = await call();
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}`);
    if (i >= WARMUP) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

/** p95 and sizes by figure name, per size run, for the growth table. */
const figures = new Map<string, Map<string, number>>();
let current = new Map<string, number>();

function report(name: string, sorted: number[], extra: string): void {
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(8);
  const p95 = percentile(sorted, 95);
  current.set(name, p95);
  console.log(
    `${name.padEnd(44)} ${fmt(percentile(sorted, 50))} ${fmt(p95)} ${fmt(sorted[sorted.length - 1])}  ${extra}` +
      `  (budget < ${BUDGET_MS} ms${p95 >= BUDGET_MS ? ', OVER' : ''})`,
  );
}

async function main(): Promise<void> {
  for (const [users, projects] of SIZES) {
    USERS = users;
    PROJECTS = projects;
    // The big size: fewer runs, each costs more.
    RUNS = users > 20_000 ? 20 : 50;
    REBUILD_RUNS = users > 20_000 ? 5 : 10;
    current = new Map();
    figures.set(`${users}/${projects}`, current);
    await runSize();
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

async function runSize(): Promise<void> {
  const schemas = loadSchemaSet();
  const database = await createTestDatabase();
  try {
    const handle = await database.open();
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    const started = performance.now();
    const staffId = await fill(handle.db);
    // The changed user is on projects and has keys: every list has rows naming them.
    const memberId = (await sql<{ id: number }>`SELECT user_id AS id FROM memberships ORDER BY id LIMIT 1`.execute(handle.db)).rows[0].id;
    const counts = await sql<{ users: number; projects: number; memberships: number; keys: number }>`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM projects) AS projects,
             (SELECT count(*)::int FROM memberships) AS memberships, (SELECT count(*)::int FROM ssh_keys) AS keys`.execute(handle.db);
    const c = counts.rows[0];
    console.log(`database: ${database.kind}; ${c.users} users, ${c.projects} projects, ${c.memberships} memberships, ${c.keys} keys (filled in ${Math.round(performance.now() - started)} ms)`);

    const ctx: AppContext = {
      db: handle.db,
      schemas,
      config: { ...readConfig({ NODE_ENV: 'test' }), demo: false, jobs: false, clientDir: '/nonexistent' },
    };
    const app = await buildApp(ctx, { logger: false });
    // Another process: an app of its own context, so with lists of its own.
    const otherApp = await buildApp({ ...ctx }, { logger: false });
    const session = await createSession(handle.db, staffId, 1);
    const cookie = `${schemas.service.serviceKey}_session=${session.token}`;
    const { key } = await createApiKey(handle.db, 'bench', ['read']);
    // The external API is timed over a real loopback connection, as the clusters call it: `inject`
    // copies a megabyte answer into strings and costs more than serving it.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const otherAddress = await otherApp.listen({ port: 0, host: '127.0.0.1' });
    const overHttp = (base: string, url: string, headers: Record<string, string>): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; rawPayload: Buffer }> =>
      new Promise((resolve, reject) => {
        http
          .get(`${base}${url}`, { headers, agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const callOf = (url: string, other = false) =>
      EXTERNAL.includes(url)
        ? (headers: Record<string, string>) => overHttp(other ? otherAddress : address, url, headers)
        : (headers: Record<string, string>) => (other ? otherApp : app).inject({ method: 'GET', url, headers });
    const authOf = (url: string): Record<string, string> => (EXTERNAL.includes(url) ? { authorization: `Api-Key ${key}` } : { cookie });
    console.log(`${'name'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  rows    size (gzip)`);
    // BENCH_LISTS=external (or staff) measures only that group.
    const group = process.env.BENCH_LISTS;
    const urls = group === 'external' ? EXTERNAL : group === 'staff' ? ENDPOINTS : group === 'pages' ? [] : [...ENDPOINTS, ...EXTERNAL];
    for (const url of urls) {
      const auth = authOf(url);
      const headers = { ...auth, 'accept-encoding': 'gzip' };
      const get = callOf(url);
      const probe = await get(headers);
      if (probe.statusCode !== 200) {
        console.log(`${url.padEnd(44)} not measured: answers ${probe.statusCode} (not registered yet?)`);
        continue;
      }
      const json = probe.headers['content-encoding'] === 'gzip' ? gunzipSync(probe.rawPayload) : probe.rawPayload;
      const rows = (JSON.parse(json.toString('utf8')) as unknown[]).length;
      const size = `${String(rows).padEnd(6)}  ${(json.length / 1024).toFixed(0)} KB (${(probe.rawPayload.length / 1024).toFixed(0)} KB)`;
      current.set(`${url} size raw`, json.length / 1024);
      current.set(`${url} size gzip`, probe.rawPayload.length / 1024);
      // Warm: nothing changed since the last read.
      const how = EXTERNAL.includes(url) ? ' (HTTP)' : '';
      report(`${url} warm${how}`, await timeRuns(RUNS, () => get(headers)), size);
      report(`${url} warm, no gzip${how}`, await timeRuns(RUNS, () => get(auth)), '');
      // The first call after a change to a table the list reads (a user's name, the user on projects
      // and keys) by the process that made it, and by another process.
      let n = 0;
      const change = async () => {
        n += 1;
        await sql`UPDATE users SET first_name = ${`Bench${n}`} WHERE id = ${memberId}`.execute(handle.db);
      };
      const other = callOf(url, true);
      await other(headers);
      const writer = await timeRuns(REBUILD_RUNS, () => get(headers), change);
      report(`${url} after a change, the changer${how}`, writer, '');
      const reader = await timeRuns(REBUILD_RUNS, () => other(headers), change);
      report(`${url} after a change, other reader${how}`, reader, '');
    }
    if (group === undefined || group === 'pages') {
      console.log(`\npages (GET /api/v1/internal/grid-page/…, 30 rows)`);
      let n = 0;
      for (const { name, query } of PAGES) {
        const url = `/api/v1/internal/grid-page/${query(USERS, PROJECTS)}`;
        const headers = { cookie, 'accept-encoding': 'gzip' };
        const probe = await app.inject({ method: 'GET', url, headers });
        if (probe.statusCode !== 200) throw new Error(`${url} answered ${probe.statusCode}: ${probe.body}`);
        const json = probe.headers['content-encoding'] === 'gzip' ? gunzipSync(probe.rawPayload) : probe.rawPayload;
        const page = JSON.parse(json.toString('utf8')) as { count: number; rows: unknown[] };
        const size = `${String(page.rows.length).padEnd(3)} of ${page.count}  ${(json.length / 1024).toFixed(0)} KB (${(probe.rawPayload.length / 1024).toFixed(1)} KB)`;
        report(`page: ${name} warm`, await timeRuns(RUNS, () => app.inject({ method: 'GET', url, headers })), size);
        // Pages read the tables, so a change costs nothing extra; measured to show it.
        const after = await timeRuns(REBUILD_RUNS, () => app.inject({ method: 'GET', url, headers }), async () => {
          n += 1;
          await sql`UPDATE users SET first_name = ${`Bench${n}`} WHERE id = ${staffId}`.execute(handle.db);
        });
        report(`page: ${name} after a change`, after, '');
      }
    }
    agent.destroy();
    await otherApp.close();
    await app.close();
  } finally {
    await database.drop();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
