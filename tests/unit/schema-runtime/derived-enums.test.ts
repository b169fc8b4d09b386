import { deriveEnums } from '../../../src/schema-runtime/derived-enums';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { shipped } from './shipped-docs';

const branch = (domain: string, fields: string[], scientificfields: Record<string, unknown> = { type: 'array' }) => ({
  properties: {
    name: { properties: { value: { const: domain, fields: fields.map((value) => ({ value, label: { hr: value, en: value } })) } } },
    scientificfields,
  },
});

describe('deriveEnums', () => {
  it("restricts a branch's scientificfields to the fields listed beside its domain, keeping what was there", () => {
    const doc = { oneOf: [branch('Prirodne znanosti', ['Fizika', 'Kemija'])] };
    const derived = deriveEnums(doc) as any;
    expect(derived.oneOf[0].properties.scientificfields).toEqual({
      type: 'array',
      items: { properties: { name: { properties: { value: { enum: ['Fizika', 'Kemija'] } } } } },
    });
  });

  it('leaves the given document as it was, and one without fields lists unchanged', () => {
    const doc = { oneOf: [branch('Prirodne znanosti', ['Fizika'])] };
    const before = structuredClone(doc);
    deriveEnums(doc);
    expect(doc).toEqual(before);
    const plain = { type: 'object', properties: { name: { type: 'string' } }, enum: [['a']] };
    expect(deriveEnums(plain)).toEqual(plain);
  });

  it('is applied to rules/science-domains.json when the catalog loads', () => {
    const rule = createSchemaCatalog(shipped).schema('rules/science-domains') as any;
    const natural = rule.definitions.domainShare.oneOf.find((b: any) => b.properties.name.properties.value.const === 'Prirodne znanosti');
    expect(natural.properties.scientificfields.items.properties.name.properties.value.enum).toContain('Fizika');
  });
});
