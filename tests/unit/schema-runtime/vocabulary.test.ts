import { readConsts, readVocabulary } from '../../../src/schema-runtime/vocabulary';

const states = {
  $id: 'https://portal.schemas/rules/states.json',
  oneOf: [
    { const: 'submit', label: { hr: 'Podnesen', en: 'Submitted' }, isRequest: true },
    { const: 'approve', label: { hr: 'Odobren', en: 'Approved' }, isRequest: false },
  ],
};
const noLookup = () => undefined;

describe('readVocabulary', () => {
  it('lists the consts in order, each with the annotations beside it', () => {
    expect(readVocabulary(states, noLookup)).toEqual([
      { value: 'submit', label: { hr: 'Podnesen', en: 'Submitted' }, isRequest: true },
      { value: 'approve', label: { hr: 'Odobren', en: 'Approved' }, isRequest: false },
    ]);
  });

  it('reads anyOf as oneOf and writes every value as text', () => {
    expect(readVocabulary({ anyOf: [{ const: 7 }, { const: 'all' }] }, noLookup)).toEqual([{ value: '7' }, { value: 'all' }]);
  });

  it('follows a $ref entry into the vocabulary it names, relative to the $id', () => {
    const filters = { $id: 'https://portal.schemas/rules/filters.json', oneOf: [{ $ref: 'states.json' }, { const: 'all' }] };
    const seen: string[] = [];
    const resolve = (ref: string, base: string) => {
      seen.push(`${ref} from ${base}`);
      return ref === 'states.json' ? states : undefined;
    };
    expect(readVocabulary(filters, resolve).map((e) => e.value)).toEqual(['submit', 'approve', 'all']);
    expect(seen).toEqual(['states.json from https://portal.schemas/rules/filters.json']);
    expect(readVocabulary({ oneOf: [{ $ref: 'gone.json' }, { const: 'all' }] }, resolve).map((e) => e.value)).toEqual(['all']);
  });

  it('refuses a schema that is not a list of consts, naming it', () => {
    expect(() => readVocabulary({ $id: 'https://portal.schemas/rules/username.json', type: 'string' }, noLookup)).toThrow(
      'https://portal.schemas/rules/username.json is not a vocabulary schema',
    );
  });
});

describe('readConsts', () => {
  it('reads the const of every property into a plain object', () => {
    expect(readConsts({ properties: { graceDays: { const: 180 }, lists: { const: { a: 1 } }, free: { type: 'string' } } })).toEqual({
      graceDays: 180,
      lists: { a: 1 },
      free: undefined,
    });
    expect(readConsts({})).toEqual({});
  });
});
