import { checkSchemaDocs, checkScienceDomains } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

const file = 'rules/science-domains.json';
const at = (i: number) => `/definitions/domainShare/oneOf/${i}/properties/name/properties/value`;
const domains = (d: any) => d.definitions.domainShare.oneOf as any[];
const branch = (value: unknown) => ({ properties: { name: { properties: { value } } } });

describe('science domains in the set check', () => {
  it('passes the shipped domains, and a new domain with a stored value, names in hr and en and a field', () => {
    expect(checkScienceDomains(shipped)).toEqual([]);
    const docs = edited('rules/science-domains', (d) =>
      domains(d).push(branch({ const: 'Svemirske znanosti', label: { hr: 'Svemirske znanosti', en: 'Space sciences' }, fields: [{ value: 'Astronautika', label: { hr: 'Astronautika', en: 'Astronautics' } }] })),
    );
    expect(checkScienceDomains(docs)).toEqual([]);
    expect(checkSchemaDocs(docs, { examples, running })).toEqual([]);
  });

  it('refuses a new domain without a value, names or fields, each at its field', () => {
    const docs = edited('rules/science-domains', (d) => domains(d).push(branch({ label: { hr: 'Svemirske znanosti' } })));
    const n = domains(docs.find((d) => d.$id.endsWith(file))).length - 1;
    expect(checkScienceDomains(docs)).toEqual([
      { file, pointer: `${at(n)}/const`, reason: 'a domain needs a stored value (it is empty)' },
      { file, pointer: `${at(n)}/label/en`, reason: 'a domain needs a name in en' },
      { file, pointer: `${at(n)}/fields`, reason: 'a domain needs at least one field' },
    ]);
    expect(checkSchemaDocs(docs, { examples, running })).toContainEqual({ file, pointer: `${at(n)}/fields`, reason: 'a domain needs at least one field' });
  });

  it('refuses a field whose stored value is emptied or taken by another field of the domain, at that value', () => {
    const docs = edited('rules/science-domains', (d) => {
      const fields = domains(d)[0].properties.name.properties.value.fields;
      fields[1].value = ' ';
      fields.push({ value: 'Matematika', label: { hr: 'Matematika', en: 'Mathematics' } });
      fields.push({});
    });
    expect(checkScienceDomains(docs)).toEqual([
      { file, pointer: `${at(0)}/fields/1/value`, reason: 'a field needs a stored value (it is empty)' },
      { file, pointer: `${at(0)}/fields/7/value`, reason: 'two fields have the stored value "Matematika"' },
      { file, pointer: `${at(0)}/fields/8/value`, reason: 'a field needs a stored value (it is empty)' },
      { file, pointer: `${at(0)}/fields/8/label/hr`, reason: 'a field needs a name in hr' },
      { file, pointer: `${at(0)}/fields/8/label/en`, reason: 'a field needs a name in en' },
    ]);
  });
});
