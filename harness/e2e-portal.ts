/**
 * The real portal as the browser tests run it: a database of its own (embedded in memory, or a
 * fresh database on the DATABASE_URL server), the demo seed, a registry stand-in,
 * the built client, listening on 127.0.0.1. Everything is dropped when the process is stopped.
 * Its schemas are served live as the server's start serves them: `SCHEMAS_DIR` (or schemas/) is
 * checked, watched, and a good edit goes live without a restart.
 */
import { buildApp } from '../src/server/app';
import { migrate } from '../src/server/db/database';
import { syncVocabularies } from '../src/server/db/vocabularies';
import { seedDemo } from '../src/server/demo/seed-demo';
import { defaultSchemasDir } from '../src/schema-runtime/node';
import { readCandidate } from '../src/server/schema-live/live-schemas';
import { problemLines, startLiveSchemas } from '../src/server/schema-live/start-live';
import { readConfig } from '../src/server/config';
import { startJobs } from '../src/server/jobs';
import type { AppContext } from '../src/server/context';
import { createTestDatabase } from './test-database';
import { startRegistryStandIn } from '../src/server/registry/stand-in/registry-stand-in';
import { startIdpStandIn } from '../src/server/saml/stand-in/idp-stand-in';

/** How long stopping may take before the process exits without the steps left. */
const STOP_GRACE_MS = 20_000;

export interface E2ePortalOptions {
  port: number;
  /** Deliver mails over SMTP here and run the background jobs (outbox sender). */
  smtpUrl?: string;
  /** Runs after the seed, before the portal listens. */
  afterSeed?: (ctx: Pick<AppContext, 'db' | 'schemas'>) => Promise<void>;
  label: string;
}

export async function runE2ePortal(options: E2ePortalOptions): Promise<void> {
  const { port, smtpUrl } = options;
  const dir = defaultSchemasDir();
  const start = readCandidate(dir);
  if (!start.set) throw new Error(`The schemas in ${dir} are refused:\n${problemLines(start.problems).join('\n')}`);
  const schemas = start.set;
  // The shipped schemas' demo data comes ready from the tests' kept template; a copy of the schemas
  // (SCHEMAS_DIR) is seeded here, on the migrated template.
  const database = await createTestDatabase({ seeded: !process.env.SCHEMAS_DIR });
  const handle = await database.open();
  await migrate(handle.db);
  await syncVocabularies(handle.db, schemas);
  if (!database.seeded) await seedDemo(handle.db, schemas);
  await options.afterSeed?.({ db: handle.db, schemas });
  const registry = await startRegistryStandIn({ username: 'demo', password: 'demo' });
  const idp = await startIdpStandIn();
  const base = readConfig({ ...process.env, NODE_ENV: 'test', PORT: String(port), SMTP_URL: smtpUrl ?? '' });
  const config = {
    ...base,
    demo: true,
    jobs: Boolean(smtpUrl),
    registry: { ...base.registry, url: registry.url, username: 'demo', password: 'demo', timeoutMs: 3000, retries: 1 },
    saml: { ...base.saml, idpMetadata: idp.metadataUrl.national, edugainIdpMetadata: idp.metadataUrl.edugain, idpMetadataCert: idp.metadataCert, edugainIdpMetadataCert: idp.metadataCert },
  };
  const ctx: AppContext = { db: handle.db, schemas, config };
  const live = await startLiveSchemas(ctx, handle, { dir, set: schemas, docs: start.docs, watch: config.schemasWatch });
  const app = await buildApp(ctx, { logger: { level: 'warn' } });
  const jobs = config.jobs ? startJobs(ctx, app.log) : undefined;
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`${options.label} on http://127.0.0.1:${port}/ui/ (${database.kind} database)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // A step that hangs must not hold up the test that stops the portal (its afterAll hook has a
    // minute): after STOP_GRACE_MS the process exits anyway and says which step it was waiting for.
    let step = 'the background jobs';
    setTimeout(() => {
      console.error(`${options.label}: still stopping ${step} after ${STOP_GRACE_MS} ms; exiting without it`);
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    const steps: [string, () => Promise<unknown>][] = [
      ['the background jobs', async () => jobs?.stop()],
      ['the HTTP server', () => app.close()],
      ['the schema watcher', () => live.stop()],
      ['the registry stand-in', () => registry.close()],
      ['the identity provider stand-in', () => idp.close()],
      ['the database', () => database.drop()],
    ];
    for (const [name, run] of steps) {
      step = name;
      await run();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/** Runs `main` and exits non-zero with the error when it fails. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
