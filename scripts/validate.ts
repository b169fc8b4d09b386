/**
 * The QA tool: `npm run validate -- <schema-id> <file.json> [--lang en|hr] [--schemas <dir>]`.
 *
 * Validates a payload file against a schema of schemas/ with the same runtime the server uses,
 * prints every error in plain words and exits 1 when the payload is invalid (2 on a usage error).
 * The schema id may be short (`rules/resource-limits`) or the full `$id`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatIssue, mapCurrentClientBody } from '../src/schema-runtime';
import { loadSchemaSet } from '../src/schema-runtime/node';

const USAGE = 'usage: npm run validate -- <schema-id> <file.json> [--lang en|hr] [--schemas <dir>]';

export function runValidate(argv: string[], out: (line: string) => void = console.log): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { lang: { type: 'string', default: 'en' }, schemas: { type: 'string' }, help: { type: 'boolean' } },
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
  let result;
  try {
    const mapped = mapCurrentClientBody(schemas, schemaId, data);
    for (const warning of mapped.warnings) out(`warning: ${warning}`);
    result = schemas.validate(schemaId, mapped.body);
  } catch (error) {
    out(`${(error as Error).message}; known schemas:\n  ${schemas.ids.map((id) => id.replace(/^.*\/schemas\//, '')).join('\n  ')}`);
    return 2;
  }
  if (result.valid) {
    out(`valid: ${file} matches ${schemaId}`);
    return 0;
  }
  out(`invalid: ${file} does not match ${schemaId} (${result.issues.length} error${result.issues.length === 1 ? '' : 's'})`);
  for (const issue of result.issues) out(`  ${issue.path || '/'}: ${formatIssue(issue, lang)} [${issue.key}]`);
  return 1;
}

if (require.main === module) process.exit(runValidate(process.argv.slice(2)));
