/**
 * `npm run bench`: runs every benchmark in this folder and prints its figures. Benchmarks measure
 * against the budgets of the design; they print, they do not fail the run over a number.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.cwd(), 'scripts', 'bench');
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n# ${file.replace(/\.ts$/, '')}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
