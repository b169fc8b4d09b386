import { createAjv } from '../../../src/schema-runtime/create-ajv';
import { formatIssue, toValidationIssues, VALIDATION_MESSAGES } from '../../../src/schema-runtime/validation-messages';

const issuesOf = (schema: object, data: unknown, role?: 'user' | 'staff') => {
  const validate = createAjv({ role }).compile(schema);
  validate(data);
  return toValidationIssues(validate.errors);
};

describe('VALIDATION_MESSAGES', () => {
  it('has every key in both languages, with the same placeholders', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    expect(Object.keys(VALIDATION_MESSAGES.en).sort()).toEqual(Object.keys(VALIDATION_MESSAGES.hr).sort());
    for (const [key, hr] of Object.entries(VALIDATION_MESSAGES.hr)) expect([key, placeholders(hr)]).toEqual([key, placeholders(VALIDATION_MESSAGES.en[key as 'invalid'])]);
  });
});

describe('toValidationIssues', () => {
  it('has nothing to say about no errors', () => {
    expect(toValidationIssues(null)).toEqual([]);
    expect(toValidationIssues(undefined)).toEqual([]);
  });

  it('maps each keyword to its message key, at the failing value, with its parameters', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', maximum: 5 }, s: { type: 'string', maxLength: 2 }, t: { type: 'integer' } }, additionalProperties: false };
    expect(issuesOf(schema, { n: 6, s: 'abc', t: 'x', u: 1 })).toEqual([
      { path: '', key: 'unknownField', params: { additionalProperty: 'u' } },
      { path: '/n', key: 'numberTooLarge', params: { comparison: '<=', limit: 5 } },
      { path: '/s', key: 'tooLong', params: { limit: 2 } },
      { path: '/t', key: 'invalidType', params: { type: 'integer' } },
    ]);
  });

  it('counts an empty required text as missing, and a text of only spaces too', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', minLength: 1, notBlank: true } } };
    expect(issuesOf(schema, { name: '' })).toEqual([{ path: '/name', key: 'required', params: { limit: 1 } }]);
    expect(issuesOf(schema, { name: '  ' }).map((i) => i.key)).toEqual(['required']);
    expect(issuesOf({ type: 'string', minLength: 3 }, 'ab').map((i) => i.key)).toEqual(['tooShort']);
  });

  it('folds the errors of oneOf branches into one issue', () => {
    const schema = { oneOf: [{ const: 'CPU' }, { const: 'GPU' }] };
    expect(issuesOf(schema, 'TPU')).toEqual([{ path: '', key: 'notAllowedValue', params: { passingSchemas: null } }]);
  });

  it('says a value is for staff only, rather than not allowed', () => {
    const schema = { oneOf: [{ const: 'CPU' }, { const: 'PENKALA', staffOnly: true }] };
    expect(issuesOf(schema, 'PENKALA', 'user')).toEqual([{ path: '', key: 'staffOnly', params: { value: 'PENKALA' } }]);
  });

  it('lets errorMessageKeys beside a keyword choose its message', () => {
    expect(issuesOf({ type: 'integer', maximum: 100, errorMessageKeys: { maximum: 'percentRange' } }, 101).map((i) => i.key)).toEqual(['percentRange']);
  });

  it('says nothing was chosen yet when the value a oneOf tells apart is empty', () => {
    const schema = {
      type: 'object',
      unchosenMessage: { path: 'name', key: 'domainNotChosen' },
      oneOf: [
        { properties: { name: { const: 'A' }, field: { enum: ['a1'] } } },
        { properties: { name: { const: 'B' }, field: { enum: ['b1'] } } },
      ],
    };
    expect(issuesOf(schema, { name: '', field: 'x' }).map((i) => i.key)).toEqual(['domainNotChosen']);
    expect(issuesOf(schema, { name: 'A', field: 'b1' }).map((i) => i.key)).toEqual(['notAllowedValue']);
  });

  it('names a NUL character at every field that holds one', () => {
    expect(issuesOf({ type: 'object', noNul: true }, { a: 'x\u0000', b: ['ok', '\u0000'] })).toEqual([
      { path: '/a', key: 'nulCharacter', params: {} },
      { path: '/b/1', key: 'nulCharacter', params: {} },
    ]);
  });
});

describe('formatIssue', () => {
  it('words an issue in Croatian by default, or English, filling the placeholders', () => {
    const issue = { path: '/n', key: 'numberTooLarge' as const, params: { limit: 6656 } };
    expect(formatIssue(issue)).toBe('Broj ne može biti veći od 6656');
    expect(formatIssue(issue, 'en')).toBe('The number cannot be greater than 6656');
  });

  it('leaves a missing parameter empty and words an unknown key as invalid', () => {
    expect(formatIssue({ path: '', key: 'tooLong', params: {} }, 'en')).toBe('At most  characters');
    expect(formatIssue({ path: '', key: 'noSuchKey' as 'invalid', params: {} }, 'en')).toBe('Invalid value');
  });
});
