import { checkSchemaDocs, NEEDS_RELEASE, shapeChanges, shapeSignature } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

describe('the shape signature', () => {
  it('is what codegen recorded as the running shapes', () => {
    expect(shapeSignature(shipped)).toEqual(running);
    expect(running['requests/request-fields']).toContain('/definitions/reason: string');
    expect(running['api/project-change']).toContain('/properties/staff_comment: string');
    // Vocabularies are data, not shape; annotations are not shape either.
    expect(running['rules/states']).toEqual([]);
    expect(running['rules/resource-limits']).toContain('/properties/HPCnSlotsCPU: number');
    expect(running['rules/resource-limits'].some((e) => e.includes('/label'))).toBe(false);
  });
});

describe('shapes the running code reads', () => {
  const release = `, but ${NEEDS_RELEASE}`;

  it('refuses a renamed field a service reads, naming the file and the pointer', () => {
    const docs = edited('api/project-change', (d) => {
      d.properties.staff_note = d.properties.staff_comment;
      delete d.properties.staff_comment;
    });
    const problem = { file: 'api/project-change.json', pointer: '/properties/staff_comment', reason: `"staff_comment" was renamed to "staff_note"${release}` };
    expect(shapeChanges(running, shapeSignature(docs))).toEqual([problem]);
    expect(checkSchemaDocs(docs, { examples, running })).toContainEqual(problem);
  });

  it('refuses a renamed definition of the request fields, with the $refs that now dangle', () => {
    const docs = edited('requests/request-fields', (d) => {
      d.definitions.explanation = d.definitions.reason;
      delete d.definitions.reason;
    });
    const problems = checkSchemaDocs(docs, { examples, running });
    expect(problems).toContainEqual({ file: 'requests/request-fields.json', pointer: '/definitions/reason', reason: `"reason" was renamed to "explanation"${release}` });
    expect(problems).toContainEqual(expect.objectContaining({ file: 'requests/practical-class.json', pointer: '/properties/reason/$ref' }));
  });

  it('refuses a field of another type or gone, and a file that is gone', () => {
    let docs = edited('rules/resource-limits', (d) => {
      d.properties.HPCnSlotsCPU.type = 'string';
      delete d.properties.CLOUDnIPs;
    });
    docs = docs.filter((d) => d.$id !== 'https://portal.schemas/api/ssh-key-new.json');
    expect(shapeChanges(running, shapeSignature(docs))).toEqual([
      { file: 'api/ssh-key-new.json', pointer: '', reason: `the file is gone${release}` },
      { file: 'rules/resource-limits.json', pointer: '/properties/CLOUDnIPs', reason: `"CLOUDnIPs" is gone${release}` },
      { file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU', reason: `"HPCnSlotsCPU" changed from number to string${release}` },
    ]);
  });

  it('accepts added fields, and vocabulary, limit and label edits: they are data', () => {
    let docs = edited('rules/states', (d) => d.oneOf.push({ const: 'parked', label: { hr: 'Parkiran', en: 'Parked' } }));
    docs = edited('rules/resource-limits', (d) => {
      d.properties.HPCnSlotsCPU.maximum = 7000;
      d.properties.HPCnSlotsCPU.label.en = 'Cores';
      d.properties.HPCnSlotsFPGA = { type: 'integer', minimum: 1, maximum: 8 };
    }, docs);
    expect(shapeChanges(running, shapeSignature(docs))).toEqual([]);
  });

  it('reports a whole subtree once, at its top', () => {
    const docs = edited('requests/request-fields', (d) => (d.definitions.resources_type = { type: 'string' }));
    expect(shapeChanges(running, shapeSignature(docs))).toEqual([
      { file: 'requests/request-fields.json', pointer: '/definitions/resources_type', reason: `"resources_type" changed from array to string${release}` },
    ]);
  });
});
