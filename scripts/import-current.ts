/**
 * `npm run import-current -- --from postgres://user@host/db [--dry-run] [--report FILE.json] [--accept FILE.json]`:
 * imports the centre's current portal's database into this portal's (DATABASE_URL, or the embedded
 * one in DATA_DIR — stop the portal first then). Re-runnable: a second run with an unchanged source
 * changes nothing and says so. Prints the reconciliation report (and writes it as JSON with
 * --report); exits 0 when no row was refused or every refusal is listed in --accept (a JSON list of
 * `{"table", "id"}`, or an earlier report, whose refusals count as accepted), else 1.
 * The cutover runbook is docs/migration.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { runCommand, withPortalDatabase } from './lib/command';
import { createProgress, type Progress } from './lib/progress-bar';
import { importCurrent } from '../src/server/import-current/import-current';
import { vacuumDueTables } from '../src/server/db/vacuum';
import { reportLines, unacceptedRefusals } from '../src/server/import-current/report';
import type { SourceDatabase } from '../src/server/import-current/source-tables';
import { compareClientAnswers, comparisonLines, readClientAnswers } from '../src/server/import-current/compare-clients';
import '../src/server/db/database';
import type { Database } from '../src/server/db/tables';
import type { SchemaSet } from '../src/schema-runtime';
import { readConfig } from '../src/server/config';
import { runProjectLifecycle } from '../src/server/projects/lifecycle';

const USAGE = [
  'Usage: npm run import-current -- --from postgres://user@host/db [--dry-run] [--report FILE.json] [--accept FILE.json]',
  '       npm run import-current -- --compare-clients --current-url https://old-portal --current-key KEY [--portal-url URL] [--portal-key KEY]',
].join('\n');

/**
 * `--compare-clients`: what the clusters read from the current portal beside what this portal
 * (`--portal-url`, default the address it serves on) answers for the same key (`--portal-key`,
 * default `--current-key`: imported keys are accepted as they are). Exit 0 only when the clusters
 * will see no change.
 */
async function compareClients(values: Record<string, string | boolean | undefined>): Promise<number> {
  const currentUrl = values['current-url'];
  const currentKey = values['current-key'];
  if (typeof currentUrl !== 'string' || !/^https?:\/\//.test(currentUrl) || typeof currentKey !== 'string' || !currentKey) {
    process.stderr.write(`--compare-clients needs --current-url http(s)://… and --current-key\n${USAGE}\n`);
    return 2;
  }
  const portalUrl = typeof values['portal-url'] === 'string' ? values['portal-url'] : (process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`);
  const portalKey = typeof values['portal-key'] === 'string' ? values['portal-key'] : currentKey;
  let current, here;
  try {
    current = await readClientAnswers(currentUrl, currentKey);
    here = await readClientAnswers(portalUrl, portalKey);
  } catch (error) {
    throw new ImportUsageError((error as Error).message);
  }
  const comparison = compareClientAnswers(current, here);
  process.stdout.write(`comparing ${currentUrl} (the current portal) with ${portalUrl} (this portal)\n`);
  for (const line of comparisonLines(comparison)) process.stdout.write(`${line}\n`);
  return comparison.differences.length ? 1 : 0;
}

/** A mistake in the command line or its files: the message, exit 1. */
class ImportUsageError extends Error {}

/** The refusals an operator accepts: `[{table, id}]`, or a report whose `refused` rows are taken. */
export function readAccepted(file: string): { table: string; id: number }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ImportUsageError(`cannot read --accept ${file}: ${(error as Error).message}`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { refused?: unknown })?.refused;
  if (!Array.isArray(list) || !list.every((a) => typeof a?.table === 'string' && Number.isInteger(a?.id)))
    throw new ImportUsageError(`--accept ${file} must hold a list of {"table": …, "id": …} or an import report`);
  return list.map((a) => ({ table: a.table, id: a.id }));
}

/**
 * What the project lifecycle would change at its first run after the import: the current portal
 * never expired a project by itself, so an imported project past its end date and grace would be
 * expired (and its members dropped on the clusters) the minute the portal starts.
 */
export async function lifecycleOutlook(db: Kysely<Database>, schemas: SchemaSet): Promise<string[]> {
  const due = await runProjectLifecycle({ db, schemas, config: readConfig() }, new Date(), { dryRun: true });
  if (!due.expired && !due.ending) return [];
  return [
    '',
    `At its first run the project lifecycle would expire ${due.expired} and move ${due.ending} to their ending state (the current portal did neither by itself).`,
    'Start the portal with LIFECYCLE_APPLY=false until the clusters\' comparison says they will see no change (docs/migration.md).',
  ];
}

/** The source URL with its password hidden, for messages. */
const shown = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function main(): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean' },
        report: { type: 'string' },
        accept: { type: 'string' },
        'compare-clients': { type: 'boolean' },
        'current-url': { type: 'string' },
        'current-key': { type: 'string' },
        'portal-url': { type: 'string' },
        'portal-key': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`import-current: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values['compare-clients']) return compareClients(values);
  if (!values.from || !/^postgres(ql)?:\/\//.test(values.from)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const accept = values.accept ? readAccepted(values.accept) : [];
  const pool = new pg.Pool({ connectionString: values.from, max: 4 });
  const source = new Kysely<SourceDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await pool.query('SELECT 1 FROM backend_user LIMIT 1').catch((error: Error) => {
      throw new ImportUsageError(`cannot read the current portal's database at ${shown(values.from!)}: ${error.message}`);
    });
    return await withPortalDatabase(async (db, schemas) => {
      let bar: Progress | undefined;
      const report = await importCurrent(db, source, schemas, {
        dryRun: values['dry-run'],
        accept,
        onProgress: (done, total, entity) => {
          bar ??= createProgress(values['dry-run'] ? 'checking' : 'importing', total);
          bar.update(done, entity);
        },
      });
      bar?.stop();
      for (const line of reportLines(report)) process.stdout.write(`${line}\n`);
      if (report.collisions.length) {
        if (values.report) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
        return 1;
      }
      // The imported tables' statistics and visibility maps, before anyone reads them (decision 0550).
      if (!report.dryRun && report.changes) {
        const upkept = await vacuumDueTables(db);
        if (upkept.length) process.stdout.write(`\nafter the import: ${upkept.map((t) => `${t.action} ${t.table} (${(t.ms / 1000).toFixed(1)} s)`).join(', ')}\n`);
      }
      if (values.report) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
      if (!report.dryRun) for (const line of await lifecycleOutlook(db, schemas)) process.stdout.write(`${line}\n`);
      const open = unacceptedRefusals(report).length;
      if (open) process.stdout.write(`\n${open} refused rows not accepted: exit 1 (list them in --accept FILE to accept them).\n`);
      return open ? 1 : 0;
    });
  } finally {
    await source.destroy();
  }
}

if (require.main === module) runCommand('import-current', main, [ImportUsageError]);
