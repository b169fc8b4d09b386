/**
 * How long a schema edit takes to be in force (budget: 2 s, issue 24): a portal serving a copy of
 * schemas/ live (the folder watched, as by the server) on the embedded database and — with
 * DATABASE_URL — on that PostgreSQL server; the maximum of HPCnSlotsCPU is raised five times and
 * each time a request asking for the new maximum is sent until it is accepted. Also times the
 * checks of the shipped set alone. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { startTestApp } from '../../tests/support/test-app';
import { copySchemas } from '../../tests/support/schema-copy';
import { generalRequest } from '../../tests/support/request-payloads';
import { readCandidate } from '../../src/server/services/schema-live/live-schemas';
import { defaultSchemasDir } from '../../src/schema-runtime/node';
import { runOnEachDatabase } from '../lib/bench-databases';

const BUDGET_MS = 2000;
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
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const worst = times[times.length - 1];
    const checks: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      readCandidate(defaultSchemasDir());
      checks.push(performance.now() - started);
    }
    console.log(`database: ${t.database.kind}`);
    console.log(
      `edit saved → in force: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${EDITS} (budget < ${BUDGET_MS} ms: ${worst < BUDGET_MS ? 'within' : 'OVER'})`,
    );
    console.log(`checks of the shipped set alone: ${checks.map((c) => c.toFixed(0)).join(', ')} ms`);
    console.log(`(machine load average: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores)`);
  } finally {
    await t.close();
    copy.remove();
  }
}

runOnEachDatabase(run);
