import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copySchemas } from '../../harness/schema-copy';

const run = promisify(execFile);
const schemasCommand = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/schemas.ts', ...args], { env: { ...process.env, NODE_OPTIONS: '' } });

describe('npm run schemas -- check', () => {
  it('passes the shipped set', async () => {
    const { stdout } = await schemasCommand('check');
    expect(stdout).toMatch(/schemas and \d+ examples pass every check/);
  });

  it('exits 1 naming the file and pointer of each broken edit', async () => {
    const copy = copySchemas();
    try {
      copy.edit('requests/practical-class.json', (doc) => (doc.properties.reason.$ref = 'request-fields.json#/definitions/reasn'));
      copy.edit('rules/resource-limits.json', (doc) => (doc.properties.HPCnSlotsCPU.maximum = 0));
      copy.edit('api/project-change.json', (doc) => {
        doc.properties.staff_note = doc.properties.staff_comment;
        delete doc.properties.staff_comment;
      });
      const failed = await schemasCommand('check', copy.dir).then(
        () => ({ code: 0, stdout: '' }),
        (e: { code: number; stdout: string }) => e,
      );
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain('requests/practical-class.json /properties/reason/$ref:');
      expect(failed.stdout).toContain('rules/resource-limits.json /properties/HPCnSlotsCPU: HPCnSlotsCPU: maximum 0 is below minimum 1');
      expect(failed.stdout).toContain('api/project-change.json /properties/staff_comment:');
    } finally {
      copy.remove();
    }
  });
});
