import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { readDomainBranches, scienceDomainsOf } from '../../../src/schema-runtime/science-domains';
import { edited, shipped } from './shipped-docs';

const branch = (value: Record<string, unknown>) => ({ properties: { name: { properties: { value } } } });

describe('scienceDomainsOf', () => {
  it('lists the six domains of rules/science-domains.json in order, with their fields in hr and en', () => {
    const domains = scienceDomainsOf(createSchemaCatalog(shipped));
    expect(domains.map((d) => d.label.en)).toEqual([
      'Natural sciences', 'Technical sciences', 'Biomedicine and health', 'Biotechnical sciences', 'Social sciences', 'Humanities',
    ]);
    expect(domains[0]).toMatchObject({ value: 'Prirodne znanosti', label: { hr: 'Prirodne znanosti' } });
    expect(domains[0].fields).toHaveLength(7);
    expect(domains[0].fields).toContainEqual({ value: 'Fizika', label: { hr: 'Fizika', en: 'Physics' } });
  });

  it('follows a field added to the schema', () => {
    const docs = edited('rules/science-domains', (d) => {
      d.definitions.domainShare.oneOf[0].properties.name.properties.value.fields.push({ value: 'Astrofizika', label: { hr: 'Astrofizika', en: 'Astrophysics' } });
    });
    expect(scienceDomainsOf(createSchemaCatalog(docs))[0].fields.at(-1)).toEqual({ value: 'Astrofizika', label: { hr: 'Astrofizika', en: 'Astrophysics' } });
  });
});

describe('readDomainBranches', () => {
  it('names a domain or field by its value where a label is missing', () => {
    expect(readDomainBranches([branch({ const: 'Pravo', fields: [{ value: 'Kazneno pravo', label: { hr: 'Kazneno pravo' } }] })])).toEqual([
      { value: 'Pravo', label: { hr: 'Pravo', en: 'Pravo' }, fields: [{ value: 'Kazneno pravo', label: { hr: 'Kazneno pravo', en: 'Kazneno pravo' } }] },
    ]);
  });

  it('skips branches without a const name, and reads no list as no domains', () => {
    expect(readDomainBranches([branch({ type: 'string' }), { type: 'object' }, 7, branch({ const: 'X' })])).toEqual([
      { value: 'X', label: { hr: 'X', en: 'X' }, fields: [] },
    ]);
    expect(readDomainBranches(undefined)).toEqual([]);
  });
});
