import { dereferenceSchema, readPointer } from '../../../src/client/engine/schema-form/dereference-schema';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';

const catalog = createSchemaCatalog(loadSchemaFiles());
/** A catalog of hand-written documents under the portal's base. */
const catalogOf = (docs: Record<string, unknown>[]) => ({
  schema: (id: string) => {
    const doc = docs.find((d) => d.$id === id);
    if (!doc) throw new Error(`unknown schema ${id}`);
    return doc as Record<string, unknown> & { $id: string };
  },
});
const refsIn = (value: unknown): string[] => JSON.stringify(value).match(/"\$ref"/g) ?? [];

describe('readPointer', () => {
  it('reads the value at a pointer, unescaping ~1 and ~0, and undefined past a leaf', () => {
    const doc = { definitions: { 'a/b': { 'c~d': 7 } } };
    expect(readPointer(doc, '/definitions/a~1b/c~0d')).toBe(7);
    expect(readPointer(doc, '')).toBe(doc);
    expect(readPointer(doc, '/definitions/a~1b/c~0d/e')).toBeUndefined();
  });
});

describe('dereferenceSchema', () => {
  const form = dereferenceSchema(catalog, 'requests/practical-class');

  it('inlines every $ref of a request form, keeping its own $id and dropping the documentation', () => {
    expect(refsIn(form)).toEqual([]);
    expect(form.$id).toBe('https://portal.schemas/requests/practical-class.json');
    expect(form).not.toHaveProperty('title');
    expect(form).not.toHaveProperty('uiSchema');
    expect(form).toHaveProperty('dateOrder', ['date_start', 'date_end']);
    expect(JSON.stringify(form)).not.toContain('"definitions"');
  });

  it('brings in what the referenced definitions say, annotations included', () => {
    const properties = form.properties as Record<string, any>;
    expect(properties.name.label).toEqual({ hr: 'Naziv projekta', en: 'Project name' });
    expect(properties.science_field.items.oneOf.length).toBe(6);
    expect(properties.date_end.formatMaximum).toBe('2027-02-01');
  });

  it('keeps property names that look like keywords as names', () => {
    const docs = [{ $id: 'https://portal.schemas/x.json', properties: { title: { $ref: '#/definitions/t' }, description: { type: 'string' } }, definitions: { t: { type: 'string', maxLength: 9 } } }];
    expect(dereferenceSchema(catalogOf(docs), 'https://portal.schemas/x.json')).toEqual({
      $id: 'https://portal.schemas/x.json',
      properties: { title: { type: 'string', maxLength: 9 }, description: { type: 'string' } },
    });
  });

  it('refuses a circular and an unresolved $ref, naming it', () => {
    const loop = [{ $id: 'https://portal.schemas/x.json', definitions: { a: { items: { $ref: '#/definitions/a' } } }, properties: { p: { $ref: '#/definitions/a' } } }];
    expect(() => dereferenceSchema(catalogOf(loop), 'https://portal.schemas/x.json')).toThrow('circular $ref https://portal.schemas/x.json#/definitions/a');
    const dangling = [{ $id: 'https://portal.schemas/x.json', properties: { p: { $ref: '#/definitions/gone' } } }];
    expect(() => dereferenceSchema(catalogOf(dangling), 'https://portal.schemas/x.json')).toThrow('unresolved $ref #/definitions/gone in https://portal.schemas/x.json');
  });

  it('lets a $ref used twice side by side be inlined twice', () => {
    const docs = [{ $id: 'https://portal.schemas/x.json', properties: { a: { $ref: '#/definitions/d' }, b: { $ref: '#/definitions/d' } }, definitions: { d: { type: 'integer' } } }];
    expect(dereferenceSchema(catalogOf(docs), 'https://portal.schemas/x.json').properties).toEqual({ a: { type: 'integer' }, b: { type: 'integer' } });
  });
});
