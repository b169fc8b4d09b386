/**
 * How long a schema edit takes to be in force (budget: 2 s, issue 24): a portal serving a copy of
 * schemas/ live (the folder watched, as by the server) on the embedded database and — with
 * DATABASE_URL — on that PostgreSQL server; the maximum of HPCnSlotsCPU is raised five times and
 * each time a request asking for the new maximum is sent until it is accepted. Also times the
 * checks of the shipped set alone. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../../harness/test-app';
import { copySchemas } from '../../harness/schema-copy';
import { generalRequest } from '../../harness/request-payloads';
import { readCandidate } from '../../src/server/schema-live/live-schemas';
import { defaultSchemasDir } from '../../src/schema-runtime/node';
import { runOnEachDatabase } from '../lib/bench-databases';
import { machineLoad, timingFigure } from './lib/figures';

/** Judged on the p95, which of five edits is the slowest. */
const BUDGET = { max: 2000 };
const EDITS = 5;

async function run(): Promise<void> {
  const copy = copySchemas();
  const t = await startTestApp({ live: { dir: copy.dir, watch: true } });
  try {
    const lead = await t.login('lead');
    const request = (cpus: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/internal/projects-general/',
        headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf },
        payload: generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: cpus } }),
      });
    const times: number[] = [];
    for (let i = 1; i <= EDITS; i += 1) {
      const maximum = 6656 + i;
      const started = performance.now();
      copy.edit('rules/resource-limits.json', (doc) => (doc.properties.HPCnSlotsCPU.maximum = maximum));
      while ((await request(maximum)).statusCode !== 201) await new Promise((r) => setTimeout(r, 20));
      times.push(performance.now() - started);
    }
    const checks: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      readCandidate(defaultSchemasDir());
      checks.push(performance.now() - started);
    }
    console.log(`database: ${t.database.kind}`);
    timingFigure(`edit saved → in force (${EDITS} edits)`, times, BUDGET);
    timingFigure(`checks of the shipped set alone (${checks.length} runs)`, checks);
    machineLoad();
  } finally {
    await t.close();
    copy.remove();
  }
}

runOnEachDatabase(run);
