/**
 * The browser tests' portal (harness/e2e-portal.ts: fresh database, demo data) with the list
 * benchmark's generated users and projects added (BENCH_FILL, e.g. `20000x5000`), for the browser
 * benchmarks of grids at the centre's scale. SCHEMAS_DIR may point at an edited schema copy.
 */
import { runE2ePortal, runMain } from '../../harness/e2e-portal';
import { fill } from '../bench/lib/bench-portal';

const [users, projects] = (process.env.BENCH_FILL ?? '20000x5000').split('x').map(Number);

runMain(() =>
  runE2ePortal({
    port: Number(process.env.E2E_PORT ?? 8123),
    label: `portal with ${users} users and ${projects} projects`,
    afterSeed: async ({ db }) => {
      await fill(db, users, projects);
    },
  }),
);
