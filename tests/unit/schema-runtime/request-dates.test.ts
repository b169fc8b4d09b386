import { requestDateCeiling } from '../../../src/schema-runtime/request-dates';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { edited, shipped } from './shipped-docs';

describe('requestDateCeiling', () => {
  it('is the formatMaximum of rules/request-dates.json', () => {
    expect(requestDateCeiling(createSchemaCatalog(shipped))).toBe('2027-02-01');
  });

  it('follows the schema when the ceiling is moved', () => {
    const docs = edited('rules/request-dates', (d) => (d.formatMaximum = '2028-06-30'));
    expect(requestDateCeiling(createSchemaCatalog(docs))).toBe('2028-06-30');
  });
});
