import { createAjv } from '../../../src/schema-runtime/create-ajv';

const errorsOf = (schema: object, data: unknown, role?: 'staff' | 'user') => {
  const validate = createAjv({ role }).compile(schema);
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
};

describe('createAjv', () => {
  it('reports every error, not the first', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } };
    expect(errorsOf(schema, { a: 'x', b: 'y' })).toEqual(['/a type', '/b type']);
  });

  it('neither coerces types, fills defaults nor drops unknown fields', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', default: 1 } }, additionalProperties: false };
    const data: Record<string, unknown> = { n: '3', extra: true };
    expect(errorsOf(schema, data)).toEqual([' additionalProperties', '/n type']);
    expect(data).toEqual({ n: '3', extra: true });
    const empty = {};
    createAjv().compile(schema)(empty);
    expect(empty).toEqual({});
  });

  it('knows the date, date-time and email formats and refuses an unknown one', () => {
    expect(errorsOf({ type: 'string', format: 'date' }, '2026-02-30')).toEqual([' format']);
    expect(errorsOf({ type: 'string', format: 'date-time' }, '2026-02-01T10:00:00Z')).toEqual([]);
    expect(errorsOf({ type: 'string', format: 'email' }, 'ana@fer.hr')).toEqual([]);
    expect(errorsOf({ type: 'string', format: 'email' }, 'ana@')).toEqual([' format']);
    expect(() => createAjv().compile({ type: 'string', format: 'dat' })).toThrow(/unknown format "dat"/);
  });

  it('compares dates against formatMaximum as days', () => {
    const ceiling = { type: 'string', format: 'date', formatMaximum: '2027-02-01' };
    expect(errorsOf(ceiling, '2027-02-01')).toEqual([]);
    expect(errorsOf(ceiling, '2027-02-02')).toEqual([' formatMaximum']);
  });

  it('accepts the portal annotations and refuses a misspelt one', () => {
    expect(() => createAjv().compile({ type: 'string', label: { hr: 'Ime', en: 'Name' }, liveRules: [] })).not.toThrow();
    expect(() => createAjv().compile({ type: 'string', lable: { hr: 'Ime' } })).toThrow(/unknown keyword: "lable"/);
  });

  it('refuses a staffOnly value for the role user only', () => {
    const schema = { oneOf: [{ const: 'CPU' }, { const: 'PENKALA', staffOnly: true }] };
    expect(errorsOf(schema, 'PENKALA', 'user')).toContain(' staffOnly');
    expect(errorsOf(schema, 'PENKALA', 'staff')).toEqual([]);
    expect(errorsOf(schema, 'PENKALA')).toEqual([]);
  });

  it('gives a fresh instance each time, holding no schemas', () => {
    const first = createAjv();
    first.addSchema({ $id: 'https://portal.schemas/x.json', type: 'string' });
    expect(createAjv().getSchema('https://portal.schemas/x.json')).toBeUndefined();
  });
});
