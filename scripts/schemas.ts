/**
 * `npm run schemas -- check [DIR]`: checks a schema folder (default SCHEMAS_DIR or ./schemas) as the
 * portal checks an edit before it goes live — it compiles, every `$ref` resolves, no bound
 * contradicts another, the shapes this release's code reads are unchanged, every example under
 * `examples/` validates as declared — and prints each problem with its file and JSON pointer.
 * Exit 0 when the folder may go live, 1 otherwise (for the CI of a centre that keeps its schemas in git).
 *
 * `npm run schemas -- reload`: asks every portal process on DATABASE_URL to load its folder now
 * (they also do when the folder changes, and staff can from the rules page).
 */
import { resolve } from 'node:path';
import pg from 'pg';
import { runCommand } from './lib/command';
import { defaultSchemasDir, readSchemaExamples } from '../src/schema-runtime/node';
import { readCandidate, RELOAD_REQUEST, SCHEMAS_CHANNEL } from '../src/server/schema-live/live-schemas';
import { problemLines } from '../src/server/schema-live/start-live';

const USAGE = 'Usage: npm run schemas -- check [DIR] | reload';

function check(dir: string): number {
  const candidate = readCandidate(dir);
  if (!candidate.set) {
    process.stdout.write(`${dir}: refused, ${candidate.problems.length} problem${candidate.problems.length === 1 ? '' : 's'}\n`);
    for (const line of problemLines(candidate.problems)) process.stdout.write(`  ${line}\n`);
    return 1;
  }
  process.stdout.write(`${dir}: ${candidate.docs.length} schemas and ${readSchemaExamples(dir).examples.length} examples pass every check\n`);
  return 0;
}

async function reload(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'schemas reload: set DATABASE_URL to the portal\'s database. The embedded database takes one process at a time: a portal on it reloads when its schema folder changes, or from the rules page.\n',
    );
    return 1;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_notify($1, $2)', [SCHEMAS_CHANNEL, RELOAD_REQUEST]);
  } finally {
    await client.end();
  }
  process.stdout.write('Asked every portal process to reload its schema folder; the rules page shows the set in use and its history.\n');
  return 0;
}

async function main(): Promise<number> {
  const [command, dir, ...rest] = process.argv.slice(2);
  if (command === 'check' && rest.length === 0) return check(resolve(dir ?? defaultSchemasDir()));
  if (command === 'reload' && dir === undefined) return reload();
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

if (require.main === module) runCommand('schemas', main, []);
