import { dedupe, hasId, jsonTypeOf, nameAt, named, quote } from '../../../src/schema-runtime/set-problems';

describe('dedupe', () => {
  it('keeps each problem once, in order of first appearance', () => {
    const a = { file: 'rules/states.json', pointer: '/oneOf/0', reason: 'x' };
    const b = { file: 'rules/states.json', pointer: '/oneOf/1', reason: 'x' };
    expect(dedupe([a, b, { ...a }, b])).toEqual([a, b]);
  });
});

describe('the name in a reason', () => {
  it('is the last property or definition name of the pointer', () => {
    expect(nameAt('/properties/resources_numbers/properties/HPCnSlotsCPU/maximum')).toBe('HPCnSlotsCPU');
    expect(nameAt('/definitions/a~1b')).toBe('a/b');
    expect(nameAt('/oneOf/0')).toBeUndefined();
    expect(named('/definitions/reason', 'maxLength 0')).toBe('reason: maxLength 0');
    expect(named('', 'maxLength 0')).toBe('maxLength 0');
  });
});

describe('quote', () => {
  it('writes a value as JSON, shortened past 80 characters', () => {
    expect(quote('lots')).toBe('"lots"');
    expect(quote(undefined)).toBe('undefined');
    const long = quote('x'.repeat(100));
    expect(long).toHaveLength(80);
    expect(long.endsWith('...')).toBe(true);
  });
});

describe('jsonTypeOf and hasId', () => {
  it('name the JSON types of a value, an integer being a number too', () => {
    expect(jsonTypeOf(3)).toEqual(['number', 'integer']);
    expect(jsonTypeOf(3.5)).toEqual(['number']);
    expect(jsonTypeOf(null)).toEqual(['null']);
    expect(jsonTypeOf([])).toEqual(['array']);
    expect(jsonTypeOf('a')).toEqual(['string']);
  });

  it('tell a document with an $id from one without', () => {
    expect(hasId({ $id: 'https://portal.schemas/x.json' })).toBe(true);
    expect(hasId({ $id: '' })).toBe(false);
    expect(hasId([])).toBe(false);
  });

});
