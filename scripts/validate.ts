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
import { formatIssue, LIVE_RULES, liveRulesFor, mapCurrentClientBody, type CallerRole, type LiveRuleName, type SchemaSet, type ValidationIssue } from '../src/schema-runtime';
import { loadSchemaSet } from '../src/schema-runtime/node';

const USAGE = 'usage: npm run validate -- <schema-id> <file.json> [--role user|staff] [--lang en|hr] [--schemas <dir>]';

/** The tool's decision on one payload: valid or not for the role, and the live-data rules it left to the server. */
export interface Judgement {
  valid: boolean;
  issues: ValidationIssue[];
  live: LiveRuleName[];
  warnings: string[];
}

/** Judges a payload as the tool does (the current client's names mapped first); throws for an unknown schema. */
export function judgePayload(schemas: SchemaSet, schemaId: string, data: unknown, role: CallerRole): Judgement {
  const mapped = mapCurrentClientBody(schemas, schemaId, data);
  const result = schemas.forRole(role).validate(schemaId, mapped.body);
  return { ...result, live: liveRulesFor(schemas, schemaId, mapped.body), warnings: mapped.warnings };
}

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
  let result;
  try {
    result = judgePayload(schemas, schemaId, data, role);
    for (const warning of result.warnings) out(`warning: ${warning}`);
  } catch (error) {
    out(`${(error as Error).message}; known schemas:\n  ${schemas.ids.map((id) => id.replace(/^.*\/schemas\//, '')).join('\n  ')}`);
    return 2;
  }
  const { live } = result;
  for (const rule of live) out(`not judged: ${rule} — ${LIVE_RULES[rule][lang]}`);
  if (result.valid) {
    out(`valid: ${file} matches ${schemaId} for ${role}${live.length ? ` (the server also checks ${live.join(', ')})` : ''}`);
    return 0;
  }
  out(`invalid: ${file} does not match ${schemaId} for ${role} (${result.issues.length} error${result.issues.length === 1 ? '' : 's'})`);
  for (const issue of result.issues) out(`  ${issue.path || '/'}: ${formatIssue(issue, lang)} [${issue.key}]`);
  return 1;
}

if (require.main === module) process.exit(runValidate(process.argv.slice(2)));
