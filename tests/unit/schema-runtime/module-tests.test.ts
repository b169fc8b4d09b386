import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const runtime = join(__dirname, '../../../src/schema-runtime');

/** The schema runtime is pure code run by the server, the browser and the QA tool: each module has a test named after it. */
describe('schema-runtime modules', () => {
  const modules = readdirSync(runtime).filter((name) => name.endsWith('.ts') && name !== 'index.ts');

  it.each(modules)('%s has a test file named after it', (name) => {
    expect(existsSync(join(__dirname, name.replace(/\.ts$/, '.test.ts')))).toBe(true);
  });
});
