/**
 * `npm run usage-import -- --resource supek --file jobs.json` (`--file -` reads stdin): back-fills
 * job records through the same service as the ingest call, with a progress bar, and prints the
 * same report. The file is `{"usage": [...]}` or a bare list of records. Uses DATABASE_URL, or the
 * embedded database in DATA_DIR (stop the portal first then).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { runCommand, withPortalDatabase } from './lib/command';
import { ApiError } from '../src/server/errors';
import { ingestUsage, type IngestReport } from '../src/server/accounting/ingest';

const USAGE = 'Usage: npm run usage-import -- --resource <cluster> --file <jobs.json | ->';

function readInput(file: string): unknown {
  const text = readFileSync(file === '-' ? 0 : file, 'utf8');
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? { usage: parsed } : parsed;
}

/** The report in lines: totals, then each skipped row (the first 50, then a count). */
export function reportLines(report: IngestReport, limit = 50): string[] {
  const lines = [`${report.resource}: ${report.received} received, ${report.stored} stored, ${report.skipped.length} skipped — ${report.message}`];
  for (const s of report.skipped.slice(0, limit)) lines.push(`  row ${s.row}${s.jobid ? ` (job ${s.jobid})` : ''}: ${s.reason}: ${s.message}`);
  if (report.skipped.length > limit) lines.push(`  … and ${report.skipped.length - limit} more skipped rows`);
  return lines;
}

async function main(): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: process.argv.slice(2), options: { resource: { type: 'string', short: 'r' }, file: { type: 'string', short: 'f' } }, strict: true }).values;
  } catch (error) {
    process.stderr.write(`usage-import: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!values.resource || !values.file) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let body: unknown;
  try {
    body = readInput(values.file);
  } catch (error) {
    process.stderr.write(`usage-import: cannot read ${values.file}: ${(error as Error).message}\n`);
    return 1;
  }
  const resource = values.resource;
  const bar = new SingleBar({ format: 'storing {bar} {value}/{total} records', stream: process.stderr }, Presets.shades_classic);
  return withPortalDatabase(async (db, schemas) => {
    try {
      let started = false;
      const report = await ingestUsage(db, schemas, resource, body, {
        onProgress: (done, total) => {
          if (!started) bar.start(total, 0);
          started = true;
          bar.update(done);
        },
      });
      bar.stop();
      for (const line of reportLines(report)) process.stdout.write(`${line}\n`);
      return report.skipped.some((s) => s.reason !== 'duplicate') ? 1 : 0;
    } finally {
      bar.stop();
    }
  });
}

if (require.main === module) runCommand('usage-import', main, [ApiError]);
