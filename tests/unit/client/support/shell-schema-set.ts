import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createSchemaCatalog } from '../../../../src/schema-runtime/schema-catalog';
import { SCHEMA_IDS } from '../../../../src/schema-runtime/schema-ids';

/**
 * What src/client/shared/schema-set.ts builds with webpack's require.context, read from disk:
 * `jest.mock('…/shared/schema-set', () => jest.requireActual('./support/shell-schema-set'))`.
 */
const schemaDir = path.resolve(__dirname, '../../../../schemas');
const docs = [
  ...readdirSync(path.join(schemaDir, 'rules')).map((f) => path.join(schemaDir, 'rules', f)),
  path.join(schemaDir, 'requests', 'index.json'),
].map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);

export const schemas = createSchemaCatalog(docs);
export const requestTypes = () => schemas.vocabulary(SCHEMA_IDS.requestTypes);
