import { checkExamples, checkSchemaDocs, parseSchemaExamples, type SchemaExample } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

describe('examples', () => {
  it('reports an example that no longer validates, at the value the schema refuses', () => {
    const docs = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.maximum = 32));
    const problem = {
      file: 'examples/practical-class.json',
      pointer: '/0/data/resources_numbers/HPCnSlotsCPU',
      reason: 'declared valid for the role user, but requests/practical-class refuses it at /resources_numbers/HPCnSlotsCPU: The number cannot be greater than 32',
    };
    const staffChange = {
      file: 'examples/project-change.json',
      pointer: '/0/data/resources_numbers/HPCnSlotsCPU',
      reason: 'declared valid for the role staff, but api/project-change refuses it at /resources_numbers/HPCnSlotsCPU: The number cannot be greater than 32',
    };
    expect(checkExamples(docs, examples)).toEqual([problem, staffChange]);
    expect(checkSchemaDocs(docs, { examples, running })).toEqual([problem, staffChange]);
  });

  it('judges a valid example of a request type the set stops offering on its payload, not on the offering', () => {
    const practical = (d: any) => d.oneOf.find((entry: any) => entry.const === 'practical-class');
    // Made staff-only, or taking no requests: the shipped example of a user's practical class is no problem.
    expect(checkExamples(edited('requests/index', (d) => (practical(d).staffOnly = true)), examples)).toEqual([]);
    expect(checkExamples(edited('requests/index', (d) => (practical(d).accepting = false)), examples)).toEqual([]);
    // Its payload is still judged: a limit it exceeds is reported as before.
    const closedAndLowered = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.maximum = 32), edited('requests/index', (d) => (practical(d).accepting = false)));
    expect(checkExamples(closedAndLowered, examples)).toContainEqual({
      file: 'examples/practical-class.json',
      pointer: '/0/data/resources_numbers/HPCnSlotsCPU',
      reason: 'declared valid for the role user, but requests/practical-class refuses it at /resources_numbers/HPCnSlotsCPU: The number cannot be greater than 32',
    });
  });

  it('reports an invalid example the schema accepts, and one refused elsewhere than declared', () => {
    const docs = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.maximum = 200000));
    expect(checkExamples(docs, examples)).toEqual([
      { file: 'examples/practical-class.json', pointer: '/1', reason: 'declared invalid for the role user, but requests/practical-class accepts it' },
    ]);
    const misplaced: SchemaExample = { ...examples[1], failsAt: ['/name'] };
    expect(checkExamples(shipped, [misplaced])).toEqual([
      { file: 'examples/practical-class.json', pointer: '/1/failsAt/0', reason: 'declared to fail at /name, but requests/practical-class refuses it only at /resources_numbers/HPCnSlotsCPU' },
    ]);
  });

  it('validates for the declared role and maps the current web client first', () => {
    const penkala = { file: 'examples/x.json', schema: 'rules/resource-types', valid: true, data: 'PENKALA' };
    expect(checkExamples(shipped, [{ ...penkala, role: 'staff' }])).toEqual([]);
    expect(checkExamples(shipped, [penkala])).toEqual([
      { file: 'examples/x.json', pointer: '/data', reason: expect.stringMatching(/^declared valid for the role user, but rules\/resource-types refuses it at \/:/) },
    ]);
    expect(examples.find((e) => e.schema === 'api/software-new')?.data).toHaveProperty('applications');
    expect(checkExamples(shipped, [{ ...penkala, schema: 'rules/nothing' }])).toEqual([
      { file: 'examples/x.json', pointer: '/schema', reason: 'names the schema rules/nothing, which is not in the set' },
    ]);
  });

  it('reads example files and says what is wrong with a malformed one', () => {
    expect(parseSchemaExamples('examples/a.json', { schema: 'api/ssh-key-new', valid: true, data: {}, role: 'user' })).toEqual({
      examples: [{ file: 'examples/a.json', pointer: '', schema: 'api/ssh-key-new', valid: true, data: {}, role: 'user' }],
      problems: [],
    });
    expect(parseSchemaExamples('examples/b.json', [{ schema: 'api/ssh-key-new', valid: 'yes', data: {}, vaild: true }, 7]).problems).toEqual([
      { file: 'examples/b.json', pointer: '/0/vaild', reason: expect.stringMatching(/^unknown field "vaild"/) },
      { file: 'examples/b.json', pointer: '/0/valid', reason: expect.stringMatching(/true or false/) },
      { file: 'examples/b.json', pointer: '/1', reason: expect.stringMatching(/^an example is an object/) },
    ]);
  });

  it('refuses a role other than user or staff, and failsAt on a valid example or not made of pointers', () => {
    const parse = (example: Record<string, unknown>) => parseSchemaExamples('examples/c.json', { schema: 'api/ssh-key-new', data: {}, ...example }).problems;
    expect(parse({ valid: true, role: 'admin' })).toEqual([{ file: 'examples/c.json', pointer: '/role', reason: 'the role is "user" or "staff"' }]);
    expect(parse({ valid: true, failsAt: ['/name'] })).toEqual([{ file: 'examples/c.json', pointer: '/failsAt', reason: 'only an invalid example has failsAt' }]);
    expect(parse({ valid: false, failsAt: ['name'] })).toEqual([expect.objectContaining({ pointer: '/failsAt', reason: expect.stringMatching(/^failsAt is a list of JSON pointers/) })]);
    expect(parseSchemaExamples('examples/c.json', { schema: 'api/ssh-key-new', valid: false, data: {}, failsAt: ['/public_key'] }).examples).toEqual([
      { file: 'examples/c.json', pointer: '', schema: 'api/ssh-key-new', valid: false, data: {}, failsAt: ['/public_key'] },
    ]);
  });
});
