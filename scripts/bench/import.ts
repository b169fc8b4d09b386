/**
 * Import from the current portal (docs/migration.md), on the embedded database and — when
 * DATABASE_URL is set — on that PostgreSQL server too: a source of 20,000 users / 5,000 projects /
 * 15,000 keys / 60,000 memberships (plus invitations, comments and software) is imported into an
 * empty portal database (budget 60 s), imported again unchanged (budget 10 s), and once more after
 * 1% of its users and projects changed and 100 keys were added (the daily run). The source sits on
 * the same kind of database as the target. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { importCurrent } from '../../src/server/import-current/import-current';
import type { ImportReport } from '../../src/server/import-current/report';
import { runOnEachDatabase } from '../lib/bench-databases';
import { createCurrentSource, fillCurrentSource, sourceKey } from '../lib/current-source';
import { withBenchDatabase, type BenchDatabase } from './lib/bench-portal';
import { figure, machineLoad, note, type Budget } from './lib/figures';
import { timed } from './lib/timed-calls';

const SIZES = { users: 20_000, projects: 5_000, keys: 15_000, memberships: 60_000, invitations: 2_000, comments: 500, software: 60 };
const BUDGET_FIRST = { max: 60 };
const BUDGET_AGAIN = { max: 10 };

const summary = (r: ImportReport) =>
  `${r.changes} rows written, ${r.refused.length} refused, ${Object.values(r.entities).reduce((n, c) => n + c.unchanged, 0)} unchanged`;

async function measure({ db, kind, schemas }: BenchDatabase): Promise<void> {
  const source = await createCurrentSource();
  try {
    const started = performance.now();
    await fillCurrentSource(source.db, SIZES);
    console.log(`database: ${kind}; source filled in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Object.entries(SIZES).map(([k, v]) => `${v} ${k}`).join(', ')}`);

    const timedImport = async (label: string, budget: Budget) => {
      const { value: report, ms } = await timed(() => importCurrent(db, source.db, schemas));
      figure(label, ms / 1000, 's', budget);
      note(summary(report));
    };
    await timedImport('first import', BUDGET_FIRST);
    await timedImport('unchanged re-run', BUDGET_AGAIN);

    await sql`UPDATE backend_user SET last_login = now() WHERE id % 100 = 0`.execute(source.db);
    await sql`UPDATE backend_project SET date_changed = now() WHERE id % 100 = 0`.execute(source.db);
    const users = await source.db.selectFrom('backend_user').select('id').orderBy('id').limit(100).execute();
    const { max } = await source.db.selectFrom('backend_sshpublickey').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    await source.db
      .insertInto('backend_sshpublickey')
      .values(users.map((u, i) => sourceKey({ id: Number(max) + 1 + i, user_id: u.id })))
      .execute();
    await timedImport('daily re-run (1% of users and projects changed, 100 keys added)', BUDGET_AGAIN);
    machineLoad();
  } finally {
    await source.close();
  }
}

runOnEachDatabase(() => withBenchDatabase(measure));
