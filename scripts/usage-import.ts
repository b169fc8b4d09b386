/**
 * `npm run usage-import -- --resource supek --file jobs.json` (`--file -` reads stdin): back-fills
 * job records through the same service as the ingest call, with a progress bar, and prints the
 * same report. The file is `{"usage": [...]}` or a bare list of records. Uses DATABASE_URL, or the
 * embedded database in DATA_DIR (stop the portal first then).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { readConfig } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db/database';
import { syncVocabularies } from '../src/server/db/vocabularies';
import { loadSchemaSet } from '../src/schema-runtime/node';
import { ApiError } from '../src/server/errors';
import { ingestUsage, type IngestReport } from '../src/server/services/accounting/ingest';

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
  const config = readConfig();
  const schemas = loadSchemaSet();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const bar = new SingleBar({ format: 'storing {bar} {value}/{total} records', stream: process.stderr }, Presets.shades_classic);
  try {
    await migrate(handle.db);
    await syncVocabularies(handle.db, schemas);
    let started = false;
    const report = await ingestUsage(handle.db, schemas, values.resource, body, {
      onProgress: (done, total) => {
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      },
    });
    if (started) bar.stop();
    for (const line of reportLines(report)) process.stdout.write(`${line}\n`);
    return report.skipped.some((s) => s.reason !== 'duplicate') ? 1 : 0;
  } catch (error) {
    bar.stop();
    if (!(error instanceof ApiError)) throw error;
    process.stderr.write(`usage-import: ${error.message}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (require.main === module)
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`usage-import failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
