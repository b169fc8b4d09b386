import { optionEntries, resolveOptions, rowFilterValues } from '../../../src/schema-runtime/grid-options';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { readTableLayout } from '../../../src/schema-runtime/table-layout';
import { shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);
const vocabulary = (id: string) => catalog.vocabulary(id);
const layoutOf = (name: string) => readTableLayout(catalog.schema(`tables/${name}`));
const product = catalog.service.productKey;

describe('optionEntries', () => {
  it('is the vocabulary narrowed to the entries whose annotations equal where', () => {
    expect(optionEntries({ vocabulary: 'rules/states', where: { isRequest: true } }, vocabulary).map((e) => e.value)).toEqual(['submit', 'deny']);
    expect(optionEntries({ vocabulary: 'rules/roles' }, vocabulary).map((e) => e.value)).toEqual(['lead', 'collaborator']);
  });
});

describe('resolveOptions', () => {
  const options = resolveOptions(layoutOf('projects'), vocabulary);

  it("lists each dropdown's options from its vocabulary, a select's ending with its all value", () => {
    expect(Object.keys(options).sort()).toEqual(['resources', 'state', 'type']);
    expect(options.state.map((o) => o.value)).toEqual(['approve', 'expire', 'extend', 'approve-expire', 'submit-extend', 'all']);
    expect(options.resources.map((o) => o.value)).not.toContain('all');
    expect(options.state[0].label).toEqual(expect.objectContaining({ en: expect.any(String) }));
  });

  it('adds no second all value and keeps the euroMatch annotation', () => {
    expect(options.type.map((o) => o.value)).toEqual([
      'research-croris', 'research-institutional', 'thesis', 'practical', 'internal', `${product}-workshop`, 'research-eu-croris', 'all',
    ]);
    expect(options.type.find((o) => o.value === 'research-eu-croris')?.euroMatch).toBe('euro');
    expect(options.type.find((o) => o.value === 'internal')?.euroMatch).toBeUndefined();
  });

  it('has nothing for a grid with only text and yes/no filters', () => {
    expect(resolveOptions(layoutOf('users-active'), vocabulary)).toEqual({});
  });
});

describe('rowFilterValues', () => {
  it("is the set of values the layout's row filter lets through, or null for all rows", () => {
    expect(rowFilterValues(layoutOf('projects'), vocabulary)).toEqual(new Set(['approve', 'expire', 'extend', 'approve-expire', 'submit-extend']));
    expect(rowFilterValues(layoutOf('users-active'), vocabulary)).toBeNull();
  });
});
