import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchemaExamples, loadSchemaSet, readSchemaExamples } from '../../../src/schema-runtime/node';
import { examples, shipped, withSchemasCopy } from './shipped-docs';

describe('loadSchemaSet', () => {
  it('builds the set from a folder, so an edited copy validates by its own rules', () => {
    withSchemasCopy((dir) => {
      const file = join(dir, 'rules', 'username.json');
      writeFileSync(file, JSON.stringify({ $id: 'https://portal.schemas/rules/username.json', type: 'string', minLength: 1, maxLength: 3 }));
      expect(loadSchemaSet(dir).validate('rules/username', 'ivana').valid).toBe(false);
    });
    expect(loadSchemaSet().ids).toHaveLength(shipped.length);
    expect(loadSchemaSet().validate('rules/username', 'ivana').valid).toBe(true);
  });
});

describe('the example payloads', () => {
  it('are read from every file of examples/, each with its file and pointer', () => {
    expect(readSchemaExamples().problems).toEqual([]);
    expect(new Set(examples.map((e) => e.file))).toEqual(
      new Set(['examples/practical-class.json', 'examples/project-change.json', 'examples/software-new.json', 'examples/ssh-key-new.json']),
    );
    expect(examples.find((e) => e.file === 'examples/practical-class.json' && e.pointer === '/1')?.valid).toBe(false);
  });

  it('say which file is not JSON, refuse to load then, and are none without the folder', () => {
    withSchemasCopy((dir) => {
      writeFileSync(join(dir, 'examples', 'broken.json'), '{ "schema": ');
      writeFileSync(join(dir, 'examples', 'README.txt'), 'not read');
      expect(readSchemaExamples(dir).problems).toEqual([{ file: 'examples/broken.json', pointer: '', reason: expect.stringMatching(/^is not valid JSON/) }]);
      expect(() => loadSchemaExamples(dir)).toThrow(/examples\/broken.json/);
      rmSync(join(dir, 'examples'), { recursive: true });
      expect(loadSchemaExamples(dir)).toEqual([]);
    });
  });

  it('refuse to load with every malformed example named by file and pointer', () => {
    withSchemasCopy((dir) => {
      writeFileSync(join(dir, 'examples', 'bad.json'), JSON.stringify([{ schema: 'api/ssh-key-new', valid: true, data: {} }, { valid: true, data: {} }]));
      expect(() => loadSchemaExamples(dir)).toThrow('examples/bad.json /1/schema: names the schema');
    });
  });
});
