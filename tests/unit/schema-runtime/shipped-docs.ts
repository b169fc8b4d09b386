import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SchemaDoc, ShapeSignature } from '../../../src/schema-runtime';
import { defaultSchemasDir, loadSchemaExamples, loadSchemaFiles } from '../../../src/schema-runtime/node';

/** The schema documents as shipped in schemas/. */
export const shipped: readonly SchemaDoc[] = loadSchemaFiles();

/** The example payloads of schemas/examples/. */
export const examples = loadSchemaExamples();

/** The shapes the running code was generated from (what codegen recorded). */
export const running = JSON.parse(readFileSync(join(__dirname, '../../../generated/schema-shapes.json'), 'utf8')) as ShapeSignature;

/** A copy of the documents (the shipped ones by default) with the one named `short` edited. */
export function edited(short: string, edit: (doc: any) => void, docs: readonly SchemaDoc[] = shipped): SchemaDoc[] {
  const copy = structuredClone(docs) as SchemaDoc[];
  const doc = copy.find((d) => d.$id === `https://portal.schemas/${short}.json`);
  if (!doc) throw new Error(`no ${short}`);
  edit(doc);
  return copy;
}

/** Runs `use` on a throw-away copy of the schemas folder, removed afterwards. */
export function withSchemasCopy<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  try {
    cpSync(defaultSchemasDir(), dir, { recursive: true });
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
