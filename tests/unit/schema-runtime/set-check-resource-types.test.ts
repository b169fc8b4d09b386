import { checkResourceTypes, checkSchemaDocs } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

const file = 'rules/resource-types.json';
const types = (d: any) => d.oneOf as any[];

describe('resource types in the set check', () => {
  it('passes the shipped types, and a new one with a tag and names in hr and en, which the set then offers', () => {
    expect(checkResourceTypes(shipped)).toEqual([]);
    const docs = edited('rules/resource-types', (d) => types(d).push({ const: 'GPU-BIGMEM', staffOnly: false, label: { hr: 'GPU s mnogo memorije', en: 'GPU with large memory' } }));
    expect(checkResourceTypes(docs)).toEqual([]);
    expect(checkSchemaDocs(docs, { examples, running })).toEqual([]);
  });

  it('refuses an empty tag, a tag the clusters cannot take, a tag taken by another type and a name in one language, each at its value', () => {
    const docs = edited('rules/resource-types', (d) => {
      types(d).push({ staffOnly: false }, { const: 'gpu big', staffOnly: false }, { const: 'CPU', staffOnly: false }, { const: 'NEW', label: { hr: 'Novo' }, defaultOnApprove: 'yes' });
    });
    const n = types(shipped.find((d) => d.$id.endsWith(file))).length;
    expect(checkResourceTypes(docs)).toEqual([
      { file, pointer: `/oneOf/${n}/const`, reason: 'a resource type needs a tag (it is empty)' },
      { file, pointer: `/oneOf/${n + 1}/const`, reason: 'the tag "gpu big" is not capital letters, digits and hyphens of at most 40 characters' },
      { file, pointer: `/oneOf/${n + 2}/const`, reason: 'two resource types have the tag "CPU"' },
      { file, pointer: `/oneOf/${n + 3}/label/en`, reason: 'a named resource type needs its name in en too' },
      { file, pointer: `/oneOf/${n + 3}/defaultOnApprove`, reason: 'defaultOnApprove must be true or false (it is "yes")' },
    ]);
    expect(checkSchemaDocs(docs, { examples, running })).toContainEqual({ file, pointer: `/oneOf/${n + 2}/const`, reason: 'two resource types have the tag "CPU"' });
  });

  it('takes a tag of at most 40 characters and refuses a longer one', () => {
    const ok = edited('rules/resource-types', (d) => types(d).push({ const: 'A'.repeat(40) }));
    expect(checkResourceTypes(ok)).toEqual([]);
    const long = edited('rules/resource-types', (d) => types(d).push({ const: 'A'.repeat(41) }));
    expect(checkResourceTypes(long)).toHaveLength(1);
  });
});
