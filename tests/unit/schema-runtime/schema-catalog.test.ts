import { createSchemaCatalog, productKeyOf, substituteProduct } from '../../../src/schema-runtime/schema-catalog';
import { edited, shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);
const product = catalog.service.productKey;

describe('substituteProduct', () => {
  it('replaces {product} and {Product} in every string and key, deep', () => {
    const value = { '{product}-workshop': ['{Product} radionica', 3, null, { title: 'x {product} y {product}' }] };
    expect(substituteProduct(value, 'supek')).toEqual({ 'supek-workshop': ['Supek radionica', 3, null, { title: 'x supek y supek' }] });
  });
});

describe('productKeyOf', () => {
  it('reads the product key of rules/service.json, and refuses a set without it', () => {
    expect(productKeyOf(shipped)).toBe(product);
    expect(product).toMatch(/^[a-z]+$/);
    expect(() => productKeyOf(shipped.filter((d) => !d.$id.endsWith('/rules/service.json')))).toThrow(
      'missing https://portal.schemas/rules/service.json',
    );
  });
});

describe('createSchemaCatalog', () => {
  it('lists every $id, sorted, and finds a schema by short name or full $id', () => {
    expect(catalog.ids).toEqual(shipped.map((d) => d.$id).sort());
    expect(catalog.schema('rules/username')).toBe(catalog.schema('https://portal.schemas/rules/username.json'));
    expect(() => catalog.schema('rules/nope')).toThrow('unknown schema rules/nope');
  });

  it('reads the service, the constants and vocabularies following $refs, with {product} replaced', () => {
    expect(catalog.constants.graceMonthsFallback).toBe(3);
    const types = catalog.vocabulary<{ form: string }>('requests/index');
    expect(types.map((t) => t.value)).toContain(`${product}-workshop`);
    expect(JSON.stringify(catalog.schema('requests/index'))).not.toMatch(/\{[Pp]roduct\}/);
    expect(catalog.vocabulary('rules/project-type-filters').map((e) => e.value)).toEqual(expect.arrayContaining(['research-croris', 'all']));
  });

  it('marks the form of a staff-only request type staffOnly and one not accepting requests notAccepting', () => {
    expect(catalog.schema('requests/internal-project')).toMatchObject({ staffOnly: true });
    expect(catalog.schema('requests/thesis-project')).toMatchObject({ notAccepting: true });
    expect(catalog.schema('requests/practical-class')).not.toHaveProperty('staffOnly');
    expect(catalog.schema('requests/practical-class')).not.toHaveProperty('notAccepting');
  });

  it('prepares a document when it is first read, whatever is read before it, and keeps it', () => {
    // A fresh catalog whose first read is a form: its marks come from the index, not yet read.
    const fresh = createSchemaCatalog(shipped);
    const form = fresh.schema('requests/internal-project');
    expect(form).toMatchObject({ staffOnly: true });
    expect(fresh.schema('https://portal.schemas/requests/internal-project.json')).toBe(form);
    expect(fresh.schema('requests/index')).toEqual(catalog.schema('requests/index'));
    // The documents handed in are left as they came: {product} still unreplaced, no marks.
    const source = shipped.find((d) => d.$id.endsWith('/requests/internal-project.json'))!;
    expect(source).not.toHaveProperty('staffOnly');
    expect(JSON.stringify(shipped)).toContain('{product}');
  });

  it('refuses a document without $id and two sharing one', () => {
    const { $id: _id, ...anonymous } = structuredClone(shipped[0]) as Record<string, unknown>;
    expect(() => createSchemaCatalog([...shipped, anonymous])).toThrow(/^a schema has no \$id: /);
    expect(() => createSchemaCatalog([...shipped, shipped[0]])).toThrow(`two schemas share the $id ${shipped[0].$id}`);
  });

  it('reads the constants as empty when rules/constants.json is missing', () => {
    const docs = shipped.filter((d) => !d.$id.endsWith('/rules/constants.json'));
    expect(createSchemaCatalog(docs).constants).toEqual({});
    const renamed = edited('rules/service', (d) => (d.properties.productKey.const = 'lumi'));
    expect(createSchemaCatalog(renamed).vocabulary('requests/index').map((t) => t.value)).toContain('lumi-workshop');
  });
});
