/**
 * Import from the current portal (docs/migration.md), on the embedded database and — when
 * DATABASE_URL is set — on that PostgreSQL server too: a source of 20,000 users / 5,000 projects /
 * 15,000 keys / 60,000 memberships (plus invitations, comments and software) is imported into an
 * empty portal database (budget 60 s), imported again unchanged (budget 10 s), and once more after
 * 1% of its users and projects changed and 100 keys were added (the daily run). The source sits on
 * the same kind of database as the target. Prints figures; asserts nothing.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrate } from '../../src/server/db/database';
import { syncVocabularies } from '../../src/server/db/vocabularies';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { importCurrent } from '../../src/server/services/import-current/import-current';
import type { ImportReport } from '../../src/server/services/import-current/report';
import { createTestDatabase } from '../../tests/support/test-database';
import { runOnEachDatabase } from '../lib/bench-databases';
import { createCurrentSource, fillCurrentSource, sourceKey } from '../lib/current-source';

const SIZES = { users: 20_000, projects: 5_000, keys: 15_000, memberships: 60_000, invitations: 2_000, comments: 500, software: 60 };
const BUDGET_FIRST_S = 60;
const BUDGET_AGAIN_S = 10;

const verdict = (seconds: number, budget: number) => `${seconds.toFixed(1)} s (budget ≤ ${budget} s: ${seconds <= budget ? 'within' : 'OVER'})`;
const summary = (r: ImportReport) =>
  `${r.changes} rows written, ${r.refused.length} refused, ${Object.values(r.entities).reduce((n, c) => n + c.unchanged, 0)} unchanged`;

async function run(): Promise<void> {
  const schemas = loadSchemaSet();
  const source = await createCurrentSource();
  const target = await createTestDatabase();
  try {
    let t0 = performance.now();
    await fillCurrentSource(source.db, SIZES);
    console.log(`database: ${target.kind}; source filled in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${Object.entries(SIZES).map(([k, v]) => `${v} ${k}`).join(', ')}`);
    const db = (await target.open()).db;
    await migrate(db);
    await syncVocabularies(db, schemas);

    const timed = async (label: string, budget: number | null) => {
      t0 = performance.now();
      const report = await importCurrent(db, source.db, schemas);
      const s = (performance.now() - t0) / 1000;
      console.log(`${label}: ${budget === null ? `${s.toFixed(1)} s` : verdict(s, budget)} — ${summary(report)}`);
    };
    await timed('first import', BUDGET_FIRST_S);
    await timed('unchanged re-run', BUDGET_AGAIN_S);

    await sql`UPDATE backend_user SET last_login = now() WHERE id % 100 = 0`.execute(source.db);
    await sql`UPDATE backend_project SET date_changed = now() WHERE id % 100 = 0`.execute(source.db);
    const users = await source.db.selectFrom('backend_user').select('id').orderBy('id').limit(100).execute();
    const { max } = await source.db.selectFrom('backend_sshpublickey').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    await source.db
      .insertInto('backend_sshpublickey')
      .values(users.map((u, i) => sourceKey({ id: Number(max) + 1 + i, user_id: u.id })))
      .execute();
    await timed('daily re-run (1% of users and projects changed, 100 keys added)', BUDGET_AGAIN_S);
    console.log(`(machine load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores)`);
  } finally {
    await source.close();
    await target.drop();
  }
}

runOnEachDatabase(run);
