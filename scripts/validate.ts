/**
 * The QA tool: `npm run validate -- <schema-id> <file.json> [--role user|staff] [--lang en|hr] [--schemas <dir>]`.
 *
 * Validates a payload file against a schema of schemas/ with the same runtime the server uses, for
 * the caller's role (default `user`: values only staff may send are refused), prints every error in
 * plain words and exits 1 when the payload is invalid (2 on a usage error). Rules that need live
 * data (the schemas' `liveRules`) are named on a `not judged:` line each: the server decides them.
 * The schema id may be short (`rules/resource-limits`) or the full `$id`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { judgePayload, judgementLines, type CallerRole } from '../src/schema-runtime';
import { loadSchemaSet } from '../src/schema-runtime/node';

const USAGE = 'usage: npm run validate -- <schema-id> <file.json> [--role user|staff] [--lang en|hr] [--schemas <dir>]';

export function runValidate(argv: string[], out: (line: string) => void = console.log): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { lang: { type: 'string', default: 'en' }, role: { type: 'string', default: 'user' }, schemas: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    out(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help || positionals.length !== 2) {
    out(USAGE);
    return values.help ? 0 : 2;
  }
  const lang = values.lang === 'hr' ? 'hr' : 'en';
  if (values.role !== 'user' && values.role !== 'staff') {
    out(`--role must be user or staff\n${USAGE}`);
    return 2;
  }
  const role: CallerRole = values.role;
  const [schemaId, file] = positionals;
  let schemas;
  try {
    schemas = values.schemas ? loadSchemaSet(values.schemas) : loadSchemaSet();
  } catch (error) {
    out(`cannot load schemas: ${(error as Error).message}`);
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    out(`cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  let judgement;
  try {
    judgement = judgePayload(schemas, schemaId, data, role);
  } catch (error) {
    out(`${(error as Error).message}; known schemas:\n  ${schemas.ids.map((id) => id.replace(/^.*\/schemas\//, '')).join('\n  ')}`);
    return 2;
  }
  for (const line of judgementLines(judgement, file, schemaId, role, lang)) out(line);
  return judgement.valid ? 0 : 1;
}

if (require.main === module) process.exit(runValidate(process.argv.slice(2)));
