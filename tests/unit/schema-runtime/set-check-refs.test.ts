import { checkBounds, checkRefs, checkSchemaDocs, compileProblems } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

describe('$refs', () => {
  it('reports a $ref to a definition that does not exist with the file and the pointer of the $ref', () => {
    const docs = edited('requests/practical-class', (d) => (d.properties.reason.$ref = 'request-fields.json#/definitions/reasn'));
    const problem = {
      file: 'requests/practical-class.json',
      pointer: '/properties/reason/$ref',
      reason: '$ref "request-fields.json#/definitions/reasn" points to /definitions/reasn in requests/request-fields.json, which does not exist',
    };
    expect(checkRefs(docs)).toEqual([problem]);
    expect(checkSchemaDocs(docs, { examples, running })).toContainEqual(problem);
  });

  it('reports a $ref to a file that is not in the set', () => {
    const docs = edited('api/project-change', (d) => (d.properties.state.$ref = '../rules/state.json'));
    expect(checkRefs(docs)).toEqual([
      { file: 'api/project-change.json', pointer: '/properties/state/$ref', reason: '$ref "../rules/state.json" points to rules/state.json, which is not in the schema set' },
    ]);
    expect(compileProblems(docs)).toContainEqual(expect.objectContaining({ file: 'api/project-change.json', pointer: '/properties/state/$ref' }));
  });

  it('never reads an annotation as a $ref', () => {
    const docs = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.label = { $ref: 'nowhere.json' }));
    expect(checkRefs(docs)).toEqual([]);
  });
});

describe('bounds', () => {
  it('reports a maximum below its minimum at the schema node', () => {
    const docs = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.maximum = 0));
    const problem = { file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU', reason: 'HPCnSlotsCPU: maximum 0 is below minimum 1, so no value can pass' };
    expect(checkBounds(docs)).toEqual([problem]);
    expect(checkSchemaDocs(docs, { examples, running })).toContainEqual(problem);
  });

  it('reports lengths, item counts and exclusive bounds that leave nothing, and a default outside its bounds', () => {
    const docs = edited('requests/request-fields', (d) => {
      d.definitions.reason.maxLength = 0;
      d.definitions.science_software.minItems = 3;
      d.definitions.science_software.maxItems = 2;
      d.definitions.name.default = '';
    });
    expect(checkBounds(edited('rules/resource-limits', (d) => Object.assign(d.properties.CLOUDnIPs, { exclusiveMinimum: 5, exclusiveMaximum: 5 }), docs))).toEqual([
      { file: 'requests/request-fields.json', pointer: '/definitions/name/default', reason: 'name: the default "" is shorter than its minLength 1' },
      { file: 'requests/request-fields.json', pointer: '/definitions/reason', reason: 'reason: maxLength 0 is below minLength 1, so no value can pass' },
      { file: 'requests/request-fields.json', pointer: '/definitions/science_software', reason: 'science_software: maxItems 2 is below minItems 3, so no value can pass' },
      { file: 'rules/resource-limits.json', pointer: '/properties/CLOUDnIPs', reason: 'CLOUDnIPs: exclusiveMaximum 5 is equal to exclusiveMinimum 5, so no value can pass' },
    ]);
  });

  it('reads errorMessageKeys and other annotations as data, not bounds', () => {
    expect(checkBounds(shipped)).toEqual([]);
  });
});
