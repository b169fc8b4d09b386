import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import type { ServerConfig } from '../../src/server/config';
import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { defaultSchemasDir } from '../../src/schema-runtime/node';

/**
 * For the enclosing describe block: the stand-in research registry and a portal with the demo data
 * pointed at it (the tests that call every route), started before its tests and closed after them.
 */
export function useDemoAppWithRegistry(receive: (t: TestApp) => void, config: Partial<ServerConfig> = {}): void {
  let started: { standIn: StandIn; t: TestApp } | undefined;
  beforeAll(async () => {
    const standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    const t = await startTestApp({
      config: { ...config, registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 2000, retries: 0 } },
      // The schemas served live, as by the server: the reload and history routes answer as in production.
      live: { dir: defaultSchemasDir() },
    });
    started = { standIn, t };
    receive(t);
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.standIn.close();
  });
}

/** Demo projects the route-wide tests address: the registry project (CroRIS 27031), an internal project, a denied request. */
export async function demoLandmarks(db: Kysely<Database>) {
  const project = await db.selectFrom('projects').select(['id', 'identifier']).where('croris_id', '=', 27031).executeTakeFirstOrThrow();
  const internal = await db
    .selectFrom('projects')
    .innerJoin('project_types as pt', 'pt.id', 'projects.project_type_id')
    .select(['projects.id', 'projects.identifier'])
    .where('pt.name', '=', 'internal')
    .executeTakeFirstOrThrow();
  const denied = await db
    .selectFrom('projects')
    .innerJoin('states as s', 's.id', 'projects.state_id')
    .select('projects.identifier')
    .where('s.name', '=', 'deny')
    .executeTakeFirstOrThrow();
  return { project, internal, denied };
}
