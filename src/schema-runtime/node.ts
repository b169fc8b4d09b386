/** Node-only entry of the schema runtime: reads `schemas/` from disk. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createSchemaSet, type SchemaSet } from './schema-set';
import { defaultSchemasDir, EXAMPLES_FOLDER, loadSchemaFiles } from './load-schema-files';
import { parseSchemaExamples, type SchemaExample, type SchemaProblem } from './set-checks';

export { loadSchemaFiles, defaultSchemasDir, EXAMPLES_FOLDER } from './load-schema-files';

/** Loads the schema set from a folder (default: `SCHEMAS_DIR` or `./schemas`). */
export function loadSchemaSet(dir: string = defaultSchemasDir()): SchemaSet {
  return createSchemaSet(loadSchemaFiles(dir));
}

/**
 * Reads the example payloads of `<dir>/examples/*.json` (none when the folder is missing), with a
 * problem for each file that is not JSON and each example that is not written as one.
 */
export function readSchemaExamples(dir: string = defaultSchemasDir()): { examples: SchemaExample[]; problems: SchemaProblem[] } {
  const folder = join(dir, EXAMPLES_FOLDER);
  const examples: SchemaExample[] = [];
  const problems: SchemaProblem[] = [];
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return { examples, problems };
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = `${EXAMPLES_FOLDER}/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(folder, name), 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '', reason: `is not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const parsed = parseSchemaExamples(file, json);
    examples.push(...parsed.examples);
    problems.push(...parsed.problems);
  }
  return { examples, problems };
}

/**
 * The example payloads of `<dir>/examples/*.json`.
 *
 * @throws naming every file, pointer and reason when an example file is malformed.
 */
export function loadSchemaExamples(dir: string = defaultSchemasDir()): SchemaExample[] {
  const { examples, problems } = readSchemaExamples(dir);
  if (problems.length > 0) throw new Error(problems.map((p) => `${p.file} ${p.pointer || '/'}: ${p.reason}`).join('\n'));
  return examples;
}
