jest.mock('../../../src/client/shared/schema-set', () => jest.requireActual('./support/shell-schema-set'));

import { defaultSchemasDir, loadSchemaFiles } from '../../../src/schema-runtime/node';
import { createFormSchemas } from '../../../src/client/engine/schema-form/form-schemas';
import {
  addDomain,
  addField,
  chooseDomain,
  chooseField,
  emptyDomain,
  percentOutOfRange,
  readScienceDomains,
  removeDomain,
  removeField,
  setPercent,
  shareSteps,
} from '../../../src/client/engine/schema-form/fields/science-domains';
import { applyFollowingDates } from '../../../src/client/engine/schema-form/fields/request-date';

const forms = createFormSchemas(loadSchemaFiles(defaultSchemasDir()));
const scienceSchema = (forms.form('practical-class.json').schema.properties as Record<string, unknown>).science_field;

describe('scientific domains and fields', () => {
  it('offer the six domains with their fields in hr and en', () => {
    const domains = readScienceDomains(scienceSchema);
    expect(domains).toHaveLength(6);
    expect(domains[0]).toMatchObject({ value: 'Prirodne znanosti', label: { hr: 'Prirodne znanosti', en: 'Natural sciences' } });
    expect(domains[0].fields.map((f) => f.label.en)).toContain('Physics');
  });

  it('step domain shares by 10 and field shares by 1', () => {
    expect(shareSteps(scienceSchema)).toEqual({ domain: 10, field: 1 });
  });

  it('show 0-100 for a share outside 1..100 and nothing while empty', () => {
    expect([0, 101, -5, 2.5].map(percentOutOfRange)).toEqual([true, true, true, true]);
    expect([1, 50, 100, undefined].map(percentOutOfRange)).toEqual([false, false, false, false]);
  });

  it('keep the first field of a domain', () => {
    const one = addField([emptyDomain()], 0);
    expect(removeField(one, 0, 0)[0].scientificfields).toHaveLength(2);
    expect(removeField(one, 0, 1)[0].scientificfields).toHaveLength(1);
  });

  it('add and remove domains, keeping at least one', () => {
    const two = addDomain([emptyDomain()]);
    expect(two).toHaveLength(2);
    expect(removeDomain(two, 1)).toHaveLength(1);
    expect(removeDomain(removeDomain(two, 1), 0)).toHaveLength(1);
  });

  it('store picks as {label, value} with the Croatian name, and clear fields when the domain changes', () => {
    const [natural, technical] = readScienceDomains(scienceSchema);
    let rows = chooseDomain([emptyDomain()], 0, natural);
    rows = chooseField(rows, 0, 0, natural.fields[1]);
    rows = setPercent(setPercent(rows, 0, 100), 0, 100, 0);
    expect(rows[0]).toEqual({
      name: { label: 'Prirodne znanosti', value: 'Prirodne znanosti' },
      percent: 100,
      scientificfields: [{ name: { label: 'Fizika', value: 'Fizika' }, percent: 100 }],
    });
    expect(chooseDomain(rows, 0, technical)[0].scientificfields[0]).toEqual({ name: { value: '' }, percent: 100 });
  });
});

describe('request dates that follow another', () => {
  it('set the institutional end to start + 1 year and clear it with the start', () => {
    const ui = forms.form('institutional-project.json').uiSchema as Record<string, unknown>;
    expect(applyFollowingDates({ date_start: '2026-02-28' }, ui)).toEqual({ date_start: '2026-02-28', date_end: '2027-02-28' });
    expect(applyFollowingDates({ date_end: '2027-02-28' }, ui)).toEqual({});
  });
});
