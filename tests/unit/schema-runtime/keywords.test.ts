import { createAjv } from '../../../src/schema-runtime';
import { formatIssue, toValidationIssues } from '../../../src/schema-runtime';

const ajv = createAjv();
const issuesOf = (schema: object, data: unknown) => {
  const validate = ajv.compile(schema);
  validate(data);
  return toValidationIssues(validate.errors);
};

describe('percentTotal', () => {
  const schema = { type: 'array', percentTotal: 100 };
  it('passes when the percent values add up to the total', () => {
    expect(issuesOf(schema, [{ percent: 70 }, { percent: 30 }])).toEqual([]);
  });
  it('reports the sum it found', () => {
    expect(issuesOf(schema, [{ percent: 70 }, { percent: 20 }])).toEqual([
      { path: '', key: 'domainSharesTotal', params: { total: 100, sum: 90 } },
    ]);
  });
  it('uses errorMessageKeys beside the keyword', () => {
    const keyed = { ...schema, errorMessageKeys: { percentTotal: 'fieldSharesTotal' } };
    expect(issuesOf(keyed, [{ percent: 1 }])[0].key).toBe('fieldSharesTotal');
  });
});

describe('uniqueBy', () => {
  const schema = { type: 'array', uniqueBy: 'name.value' };
  it('passes when no two items share the value', () => {
    expect(issuesOf(schema, [{ name: { value: 'a' } }, { name: { value: 'b' } }])).toEqual([]);
  });
  it('names the duplicates', () => {
    const [issue] = issuesOf(schema, [{ name: { value: 'a' } }, { name: { value: 'a' } }]);
    expect(issue.params.duplicates).toBe('a');
  });
});

describe('dateOrder', () => {
  const schema = { type: 'object', dateOrder: ['date_start', 'date_end'] };
  it('passes when start is not after end, or one is missing', () => {
    expect(issuesOf(schema, { date_start: '2026-01-01', date_end: '2026-01-01' })).toEqual([]);
    expect(issuesOf(schema, { date_start: '2026-01-01' })).toEqual([]);
  });
  it('fails with the spec message key when start is after end', () => {
    expect(issuesOf(schema, { date_start: '2026-02-01', date_end: '2026-01-01' })[0].key).toBe('dateOrder');
  });
});

describe('strictness', () => {
  it('rejects a misspelt keyword when compiling', () => {
    expect(() => ajv.compile({ type: 'object', propertise: {} })).toThrow();
  });
  it('maps a missing required property to its own path and "required"', () => {
    expect(issuesOf({ type: 'object', required: ['name'] }, {})).toEqual([
      { path: '/name', key: 'required', params: { missingProperty: 'name' } },
    ]);
  });
});

describe('plainText', () => {
  const oneLine = { type: 'string', plainText: 'oneLine' };
  const multiLine = { type: 'string', plainText: 'multiLine' };
  const words = (schema: object, data: string) => issuesOf(schema, data).map((i) => [formatIssue(i, 'hr'), formatIssue(i, 'en')]);

  it('takes letters of any script, quotes and a formula-looking text on one line', () => {
    for (const text of ['Računalni projekt „Šišmiš” 2026', 'مشروع', '=2+3', "O'Brien – team"]) expect(issuesOf(oneLine, text)).toEqual([]);
  });

  it.each([
    ['CR', 'Projekt\rBcc: x', 'U+000D'],
    ['LF', 'Projekt\nSubject: x', 'U+000A'],
    ['a line separator', 'Projekt\u2028x', 'U+2028'],
  ])('refuses %s in a one-line text: it must be a single line', (_label, text, char) => {
    expect(issuesOf(oneLine, text)).toEqual([{ path: '', key: 'lineBreak', params: { char, lineBreak: true } }]);
    expect(words(oneLine, text)).toEqual([['Mora biti u jednom retku', 'Must be a single line']]);
  });

  it.each([
    ['ESC', 'laptop\u001b[2J', 'U+001B'],
    ['TAB', 'a\tb', 'U+0009'],
    ['DEL', 'a\u007fb', 'U+007F'],
    ['a C1 control (CSI)', 'a\u009bb', 'U+009B'],
    ['the right-to-left override', 'a\u202Egpj.exe', 'U+202E'],
    ['a right-to-left isolate', 'a\u2067b', 'U+2067'],
  ])('refuses %s in a one-line text, naming it', (_label, text, char) => {
    expect(words(oneLine, text)).toEqual([
      [
        `Sadrži kontrolni znak ili znak za smjer pisanja (${char}), koji ne smije biti u tekstu`,
        `Contains a control or text-direction character (${char}), which no text may hold`,
      ],
    ]);
  });

  it('keeps line ends and tabs in a multi-line text', () => {
    expect(issuesOf(multiLine, 'Prvi redak\r\n\tdrugi redak\ntreći')).toEqual([]);
  });

  it.each([['ESC', '\u001b[31m', 'U+001B'], ['a C1 control', '\u0085', 'U+0085'], ['the override', '\u202E', 'U+202E']])(
    'still refuses %s in a multi-line text',
    (_label, text, char) => {
      expect(issuesOf(multiLine, `Obrazloženje ${text}`)).toEqual([{ path: '', key: 'controlCharacter', params: { char, lineBreak: false } }]);
    },
  );

  it('leaves NUL to noNul, so it is named once', () => {
    expect(issuesOf({ ...oneLine, noNul: true }, 'a\u0000').map((i) => i.key)).toEqual(['nulCharacter']);
  });

  it('is a schema error for any other value', () => {
    expect(() => createAjv().compile({ type: 'string', plainText: 'free' })).toThrow();
  });
});
