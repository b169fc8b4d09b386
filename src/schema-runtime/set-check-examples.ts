/**
 * Schema set check: the payloads of `schemas/examples/` validate as declared (`set-checks.ts`).
 */
import { mapCurrentClientBody } from './client-compat';
import type { CallerRole } from './keywords';
import { type SchemaDoc } from './schema-catalog';
import { schemaIdOf, shortNameOf } from './schema-ids';
import { createSchemaSet, type SchemaSet } from './schema-set';
import { escapeSegment, isRecord, segmentsOf } from './schema-walk';
import { formatIssue, type ValidationIssue } from './validation-messages';
import { messageOf, quote, type SchemaExample, type SchemaProblem } from './set-problems';


const EXAMPLE_FIELDS = new Set(['schema', 'valid', 'data', 'role', 'failsAt', 'description']);

/**
 * Reads the examples of one file of `schemas/examples/`: `{ "schema", "valid", "data", "role"? }`
 * or a list of such (`failsAt`: data paths an invalid example must fail at; `description`: a note).
 */
export function parseSchemaExamples(file: string, json: unknown): { examples: SchemaExample[]; problems: SchemaProblem[] } {
  const examples: SchemaExample[] = [];
  const problems: SchemaProblem[] = [];
  const list = Array.isArray(json) ? json : [json];
  list.forEach((item, i) => {
    const pointer = Array.isArray(json) ? `/${i}` : '';
    const problem = (at: string, reason: string) => problems.push({ file, pointer: `${pointer}${at}`, reason });
    if (!isRecord(item)) {
      problem('', 'an example is an object: { "schema": "requests/practical-class", "valid": true, "role": "user", "data": {…} }');
      return;
    }
    const before = problems.length;
    for (const key of Object.keys(item)) if (!EXAMPLE_FIELDS.has(key)) problem(`/${escapeSegment(key)}`, `unknown field ${quote(key)} of an example (schema, valid, data, role, failsAt, description)`);
    if (typeof item.schema !== 'string' || item.schema === '') problem('/schema', 'names the schema the example is validated against, e.g. "requests/practical-class"');
    if (typeof item.valid !== 'boolean') problem('/valid', 'says whether the schema must accept the example: true or false');
    if (!('data' in item)) problem('', 'has no data: the payload to validate');
    if (item.role !== undefined && item.role !== 'user' && item.role !== 'staff') problem('/role', 'the role is "user" or "staff"');
    const failsAt = item.failsAt;
    if (failsAt !== undefined && (!Array.isArray(failsAt) || failsAt.some((p) => typeof p !== 'string' || segmentsOf(p) === undefined))) {
      problem('/failsAt', 'failsAt is a list of JSON pointers into data, e.g. ["/resources_numbers/HPCnSlotsCPU"]');
    }
    if (failsAt !== undefined && item.valid === true) problem('/failsAt', 'only an invalid example has failsAt');
    if (problems.length > before) return;
    examples.push({
      file,
      pointer,
      schema: item.schema as string,
      valid: item.valid as boolean,
      data: item.data,
      ...(item.role === undefined ? {} : { role: item.role as CallerRole }),
      ...(failsAt === undefined ? {} : { failsAt: failsAt as string[] }),
    });
  });
  return { examples, problems };
}

/**
 * A refusal of a request form's type rather than of its payload: the set does not offer the form to
 * the role (`staffOnly` at the form's root) or takes no requests of it (`notAccepting`). Whether a type is
 * offered is staff's to decide in the rules editor; a shipped example declared valid still shows a
 * payload of the right shape, and is judged on the rest.
 */
const refusesTheOffering = (issue: ValidationIssue) => issue.path === '' && (issue.key === 'staffOnly' || issue.key === 'notAccepting');

/** The examples against a built set; `quiet` leaves out examples whose schema does not compile. */
export function examplesAgainst(set: SchemaSet, examples: readonly SchemaExample[], quiet: boolean): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const example of examples) {
    const at = example.pointer ?? '';
    const role: CallerRole = example.role ?? 'user';
    const id = schemaIdOf(example.schema);
    const name = shortNameOf(id);
    if (!set.ids.includes(id)) {
      problems.push({ file: example.file, pointer: `${at}/schema`, reason: `names the schema ${example.schema}, which is not in the set` });
      continue;
    }
    let result;
    try {
      const mapped = mapCurrentClientBody(set, id, example.data);
      result = set.forRole(role).validate(id, mapped.body);
    } catch (error) {
      if (!quiet) problems.push({ file: example.file, pointer: at, reason: `cannot be checked: ${name} does not compile (${messageOf(error)})` });
      continue;
    }
    const refusals = example.valid && name.startsWith('requests/') ? result.issues.filter((issue) => !refusesTheOffering(issue)) : result.issues;
    if (example.valid && refusals.length > 0) {
      for (const issue of refusals) {
        problems.push({
          file: example.file,
          pointer: `${at}/data${issue.path}`,
          reason: `declared valid for the role ${role}, but ${name} refuses it at ${issue.path || '/'}: ${formatIssue(issue, 'en')}`,
        });
      }
    } else if (!example.valid && result.valid) {
      problems.push({ file: example.file, pointer: at, reason: `declared invalid for the role ${role}, but ${name} accepts it` });
    } else if (!example.valid) {
      const refused = new Set(result.issues.map((i) => i.path));
      (example.failsAt ?? []).forEach((path, i) => {
        if (refused.has(path)) return;
        problems.push({
          file: example.file,
          pointer: `${at}/failsAt/${i}`,
          reason: `declared to fail at ${path || '/'}, but ${name} refuses it only at ${[...refused].map((p) => p || '/').join(', ')}`,
        });
      });
    }
  }
  return problems;
}

/**
 * Each example validates as declared, with the set's role-aware validators (`forRole`), after the
 * current web client's names are mapped as the server maps them.
 */
export function checkExamples(docs: readonly SchemaDoc[], examples: readonly SchemaExample[]): SchemaProblem[] {
  let set: SchemaSet;
  try {
    set = createSchemaSet(docs);
  } catch (error) {
    return examples.map((e) => ({ file: e.file, pointer: e.pointer ?? '', reason: `cannot be checked: the schema set does not load (${messageOf(error)})` }));
  }
  return examplesAgainst(set, examples, false);
}
