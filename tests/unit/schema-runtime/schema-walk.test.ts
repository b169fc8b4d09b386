import { childSchemas, fileOf, jsonEqual, pointerOf, resolveUri, segmentsOf, valueAt, walkSchema } from '../../../src/schema-runtime/schema-walk';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { shipped } from './shipped-docs';

describe('JSON pointers', () => {
  it('escape ~ and / in a segment, and read back to the same segments', () => {
    const segments = ['properties', 'a/b', 'c~d', '0'];
    expect(pointerOf(segments)).toBe('/properties/a~1b/c~0d/0');
    expect(segmentsOf(pointerOf(segments))).toEqual(segments);
    expect(segmentsOf('')).toEqual([]);
    expect(segmentsOf('properties')).toBeUndefined();
  });

  it('find the value they point at, or undefined', () => {
    const doc = { properties: { 'a/b': { enum: ['x', 'y'] } }, list: [1, 2] };
    expect(valueAt(doc, '/properties/a~1b/enum/1')).toBe('y');
    expect(valueAt(doc, '')).toBe(doc);
    expect(valueAt(doc, '/list/01')).toBeUndefined();
    expect(valueAt(doc, '/properties/toString')).toBeUndefined();
    expect(valueAt(doc, 'list')).toBeUndefined();
  });
});

describe('fileOf and resolveUri', () => {
  it('name a schema by its file, and resolve a $ref against its document', () => {
    expect(fileOf('https://portal.schemas/rules/states.json')).toBe('rules/states.json');
    expect(fileOf('document 3')).toBe('document 3');
    expect(resolveUri('../rules/states.json#/oneOf', 'https://portal.schemas/api/project-change.json')?.href).toBe('https://portal.schemas/rules/states.json#/oneOf');
    expect(resolveUri('states.json', 'not a uri')).toBeUndefined();
  });
});

describe('childSchemas', () => {
  it('lists the schemas a node holds, never its data or annotations', () => {
    const node = {
      properties: { a: { type: 'string' } },
      items: [{ type: 'integer' }],
      oneOf: [{ const: 1 }, 'junk'],
      not: { type: 'null' },
      const: { type: 'object' },
      enum: [{ type: 'x' }],
      label: { hr: { type: 'y' } },
    };
    expect(childSchemas(node).map(([path]) => path.join('/'))).toEqual(['properties/a', 'items/0', 'oneOf/0', 'not']);
  });
});

describe('walkSchema', () => {
  it('visits every schema node depth first with its pointer and the base its $refs resolve against', () => {
    const seen: string[] = [];
    const doc = { $id: 'https://portal.schemas/x.json', properties: { a: { $id: 'sub/y.json', items: { type: 'string' } } }, definitions: { d: { type: 'integer' } } };
    walkSchema(doc, doc.$id, (_node, pointer, base) => seen.push(`${pointer} ${base}`));
    expect(seen).toEqual([
      ' https://portal.schemas/x.json',
      '/properties/a https://portal.schemas/sub/y.json',
      '/properties/a/items https://portal.schemas/sub/y.json',
      '/definitions/d https://portal.schemas/x.json',
    ]);
  });

  it('reaches the vocabulary branches of a shipped schema but not their annotations', () => {
    const pointers: string[] = [];
    walkSchema(createSchemaCatalog(shipped).schema('rules/states'), '', (_n, pointer) => pointers.push(pointer));
    expect(pointers).toContain('/oneOf/0');
    expect(pointers.some((p) => p.includes('label'))).toBe(false);
    walkSchema('not a schema', '', () => pointers.push('visited'));
    expect(pointers).not.toContain('visited');
  });
});

describe('jsonEqual', () => {
  it('compares JSON values by structure, not key order', () => {
    expect(jsonEqual({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
    expect(jsonEqual(null, null)).toBe(true);
  });
});
