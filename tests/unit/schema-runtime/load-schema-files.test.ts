import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSchemasDir, EXAMPLES_FOLDER, loadSchemaFiles } from '../../../src/schema-runtime/load-schema-files';
import { shipped, withSchemasCopy } from './shipped-docs';

describe('loadSchemaFiles', () => {
  it('reads schemas/ of the working directory unless SCHEMAS_DIR names another folder', () => {
    const before = process.env.SCHEMAS_DIR;
    try {
      delete process.env.SCHEMAS_DIR;
      expect(defaultSchemasDir()).toBe(join(process.cwd(), 'schemas'));
      process.env.SCHEMAS_DIR = 'elsewhere/schemas';
      expect(defaultSchemasDir()).toBe(join(process.cwd(), 'elsewhere/schemas'));
    } finally {
      if (before === undefined) delete process.env.SCHEMAS_DIR;
      else process.env.SCHEMAS_DIR = before;
    }
  });

  it('reads every document of every subfolder, in file-name order', () => {
    const ids = shipped.map((d) => d.$id);
    expect(ids).toContain('https://portal.schemas/rules/resource-limits.json');
    expect(ids).toContain('https://portal.schemas/tables/projects.json');
    expect(ids.filter((id) => id.includes('/api/'))).toEqual(ids.filter((id) => id.includes('/api/')).sort());
  });

  it('keeps the examples out of the schema documents', () => {
    expect(EXAMPLES_FOLDER).toBe('examples');
    expect(shipped.some((d) => String(d.$id).includes('examples'))).toBe(false);
    expect(shipped.some((d) => 'valid' in d && 'data' in d)).toBe(false);
  });

  it('skips only the examples/ folder at the top, and files that are not .json', () => {
    withSchemasCopy((dir) => {
      expect(loadSchemaFiles(dir)).toHaveLength(shipped.length);
      mkdirSync(join(dir, 'rules', 'examples'));
      writeFileSync(join(dir, 'rules', 'examples', 'x.json'), '{"$id": "https://portal.schemas/rules/examples/x.json", "title": "X"}');
      writeFileSync(join(dir, 'rules', 'notes.txt'), 'not a schema');
      expect(loadSchemaFiles(dir)).toHaveLength(shipped.length + 1);
    });
  });

  it('names the file that is not valid JSON', () => {
    withSchemasCopy((dir) => {
      writeFileSync(join(dir, 'rules', 'broken.json'), '{ "$id": ');
      expect(() => loadSchemaFiles(dir)).toThrow(/rules\/broken\.json: /);
    });
  });
});
