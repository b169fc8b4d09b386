import { createAjv } from '../../../src/schema-runtime';
import { toValidationIssues } from '../../../src/schema-runtime';

const ajv = createAjv();
const issuesOf = (schema: object, data: unknown) => {
  const validate = ajv.compile(schema);
  validate(data);
  return toValidationIssues(validate.errors);
};

describe('percentTotal', () => {
  const schema = { type: 'array', percentTotal: 100 };
  it('passes when the percent values add up to the total', () => {
    expect(issuesOf(schema, [{ percent: 70 }, { percent: 30 }])).toEqual([]);
  });
  it('reports the sum it found', () => {
    expect(issuesOf(schema, [{ percent: 70 }, { percent: 20 }])).toEqual([
      { path: '', key: 'domainSharesTotal', params: { total: 100, sum: 90 } },
    ]);
  });
  it('uses errorMessageKeys beside the keyword', () => {
    const keyed = { ...schema, errorMessageKeys: { percentTotal: 'fieldSharesTotal' } };
    expect(issuesOf(keyed, [{ percent: 1 }])[0].key).toBe('fieldSharesTotal');
  });
});

describe('uniqueBy', () => {
  const schema = { type: 'array', uniqueBy: 'name.value' };
  it('passes when no two items share the value', () => {
    expect(issuesOf(schema, [{ name: { value: 'a' } }, { name: { value: 'b' } }])).toEqual([]);
  });
  it('names the duplicates', () => {
    const [issue] = issuesOf(schema, [{ name: { value: 'a' } }, { name: { value: 'a' } }]);
    expect(issue.params.duplicates).toBe('a');
  });
});

describe('dateOrder', () => {
  const schema = { type: 'object', dateOrder: ['date_start', 'date_end'] };
  it('passes when start is not after end, or one is missing', () => {
    expect(issuesOf(schema, { date_start: '2026-01-01', date_end: '2026-01-01' })).toEqual([]);
    expect(issuesOf(schema, { date_start: '2026-01-01' })).toEqual([]);
  });
  it('fails with the spec message key when start is after end', () => {
    expect(issuesOf(schema, { date_start: '2026-02-01', date_end: '2026-01-01' })[0].key).toBe('dateOrder');
  });
});

describe('strictness', () => {
  it('rejects a misspelt keyword when compiling', () => {
    expect(() => ajv.compile({ type: 'object', propertise: {} })).toThrow();
  });
  it('maps a missing required property to its own path and "required"', () => {
    expect(issuesOf({ type: 'object', required: ['name'] }, {})).toEqual([
      { path: '/name', key: 'required', params: { missingProperty: 'name' } },
    ]);
  });
});
