import { checkSchemaDocs, checkSchemaSet } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

describe('the shipped schema set', () => {
  it('passes every check with the shipped examples and the shapes the code was generated from, and comes back built', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const { problems, set } = checkSchemaSet(shipped, { examples, running });
    expect(problems).toEqual([]);
    expect(set?.validate('rules/resource-limits', { HPCnSlotsCPU: 6657 }).valid).toBe(false);
  });
});

describe('every check at once', () => {
  it('gives no set when a problem is found, and each problem once', () => {
    const docs = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.maximum = 0));
    const { problems, set } = checkSchemaSet(docs, { examples, running });
    expect(set).toBeUndefined();
    expect(problems).toContainEqual({ file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU', reason: 'HPCnSlotsCPU: maximum 0 is below minimum 1, so no value can pass' });
    expect(new Set(problems.map((p) => JSON.stringify(p))).size).toBe(problems.length);
  });

  it('leaves out the shape check when no running shapes are given', () => {
    const docs = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.type = 'string'));
    expect(checkSchemaDocs(docs, { examples: [] })).toEqual([]);
  });
});
