import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { SchemaDoc } from './schema-set';

/** The schemas folder: `SCHEMAS_DIR` when set, else `schemas/` of the working directory. */
export function defaultSchemasDir(): string {
  return resolve(process.env.SCHEMAS_DIR ?? join(process.cwd(), 'schemas'));
}

/** The folder of example payloads under the schemas folder: not schemas, checked against them. */
export const EXAMPLES_FOLDER = 'examples';

/**
 * Reads every `*.json` under a folder but `examples/` (Node only; the browser loads the same
 * documents from the server).
 *
 * @throws with the file name when a file is not valid JSON.
 */
export function loadSchemaFiles(dir: string = defaultSchemasDir()): SchemaDoc[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      if (folder === dir && name === EXAMPLES_FOLDER) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) files.push(full);
    }
  };
  walk(dir);
  return files.map((file) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as SchemaDoc;
    } catch (error) {
      throw new Error(`${relative(process.cwd(), file)}: ${(error as Error).message}`);
    }
  });
}
