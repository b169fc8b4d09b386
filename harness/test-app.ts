import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/server/app';
import { readConfig, type ServerConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { migrate } from '../src/server/db/database';
import { syncVocabularies } from '../src/server/db/vocabularies';
import { startSessionCache } from '../src/server/sessions/session-cache';
import { startListNotices } from '../src/server/lists/list-upkeep';
import { loadSchemaSet } from '../src/schema-runtime/node';
import type { SchemaSet } from '../src/schema-runtime';
import { createTestDatabase, type TestDatabase } from './test-database';
import { readCandidate } from '../src/server/schema-live/live-schemas';
import { startLiveSchemas } from '../src/server/schema-live/start-live';

/** A signed-in client of the test app: its cookies and CSRF token. */
export interface Caller {
  cookie: string;
  csrf: string;
}

/** Test configuration: no demo seeding by the app (the helper seeds), no jobs. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...readConfig({ NODE_ENV: 'test' }), demo: false, jobs: false, clientDir: '/nonexistent', ...overrides };
}

/** Turns set-cookie headers into a Cookie header. */
export function cookiesOf(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(previous.split('; ').filter(Boolean).map((c) => c.split('=') as [string, string]));
  for (const c of response.cookies) {
    if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now())) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The test app with its database; `login` signs a demo user in through the real endpoint. */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  /** The name of every cookie any answer of this app has set (its Set-Cookie headers), whichever route sent it. */
  cookiesSet: Set<string>;
  anonymous(): Promise<Caller>;
  login(username: string, password?: string): Promise<Caller>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    seed?: boolean;
    schemas?: SchemaSet;
    config?: Partial<ServerConfig>;
    database?: TestDatabase;
    /** Serve the schemas of this folder live, as the server does (reloadable; the folder is not watched unless `watch`). */
    live?: { dir: string; watch?: boolean };
  } = {},
): Promise<TestApp> {
  const start = options.live ? readCandidate(options.live.dir) : undefined;
  if (start && !start.set) throw new Error(`schemas refused: ${JSON.stringify(start.problems)}`);
  const schemas = start?.set ?? options.schemas ?? loadSchemaSet();
  // The shipped schemas' demo data comes ready from a kept template on the embedded database.
  const shipped = !options.schemas && !start;
  const database = options.database ?? (await createTestDatabase({ seeded: shipped && options.seed !== false }));
  const handle = await database.open();
  await migrate(handle.db);
  await syncVocabularies(handle.db, schemas);
  if (options.seed !== false && !database.seeded) {
    const { seedDemo } = await import('../src/server/demo/seed-demo');
    await seedDemo(handle.db, schemas);
  }
  // As in the server: sessions held in memory, dropped on the database's notifications.
  await startSessionCache(handle);
  await startListNotices(handle);
  const ctx: AppContext = { db: handle.db, schemas, config: testConfig(options.config) };
  const live = start && options.live ? await startLiveSchemas(ctx, handle, { dir: options.live.dir, set: schemas, docs: start.docs, watch: options.live.watch ?? false }) : undefined;
  if (live) live.live.log = () => undefined;
  const app = await buildApp(ctx, { logger: false });
  const cookiesSet = new Set<string>();
  app.addHook('onSend', async (_request, reply, payload) => {
    const header = reply.getHeader('set-cookie');
    for (const line of header === undefined ? [] : Array.isArray(header) ? header : [String(header)]) cookiesSet.add(line.split('=')[0].trim());
    return payload;
  });
  const anonymous = async (): Promise<Caller> => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sessionactive' });
    return { cookie: cookiesOf(res), csrf: res.json().csrftoken };
  };
  return {
    app,
    ctx,
    database,
    cookiesSet,
    anonymous,
    async login(username, password = username) {
      const anon = await anonymous();
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf },
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
      const cookie = cookiesOf(res, anon.cookie);
      const session = await app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } });
      return { cookie, csrf: session.json().csrftoken };
    },
    async close() {
      await live?.stop();
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
