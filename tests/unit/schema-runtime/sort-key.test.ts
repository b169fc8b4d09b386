import fc from 'fast-check';
import { compareSortKeys, sortKey } from '../../../src/schema-runtime/sort-key';

/*
 * The key's order is the browsers' Croatian collation (Intl.Collator 'hr', base sensitivity,
 * numeric) for the texts the portal holds: the whole-list grids sorted with that collator before
 * the key existed, so sorting by the key changes nothing a user sees.
 */
const collator = new Intl.Collator('hr', { sensitivity: 'base', numeric: true });
const sign = (n: number) => Math.sign(n);
const byKey = (a: string, b: string) => sign(compareSortKeys(sortKey(a), sortKey(b)));

const NAMES = [
  'Horvat Ana', 'horvat ana', 'Horvatić Ana', 'Horvat-Kovač Ivo', 'Horvat Kovač Ivo', 'Čačić Luka', 'Ćosić Mia', 'Cvitković Ena',
  'Dragić Ivo', 'Džaja Ante', 'Đurić Maja', 'Dujmović Ana', 'Ljubić Petra', 'Lukić Ivan', 'Lovrić Lana', 'Njegovan Tea',
  'Novak Marija', 'Nikolić Zoran', 'Šarić Tomislav', 'Sabljak Iva', 'Žagar Ema', 'Zorić Ante', "O'Brien Sean", 'O’Brien Sean',
  'Müller Jürgen', 'Mueller Jurgen', 'Łukasz Nowak', 'Ørsted Hans', 'Straße Max', 'Strasse Max', 'Æsir Odin', 'Jane Doe',
  'van der Berg Anna', 'Ivić 2', 'Ivić 10', 'Ivić 010', 'Prezime12 Ime3', 'Prezime100 Ime3', '', ' ', 'a', 'A', 'Å', 'ǈubica',
  'Ljubica', 'LJUBICA', 'lJubica', 'dŽamija', 'Džamija', 'Đakovo', 'Ðakovo', 'Zoë', 'Renée', 'Čaćić', 'Čačić', 'Cacic',
  'Kovačević Ivan', 'Kovacevic Ivan', 'Kovačević-Ivan', 'c\u030cačić',
];

/** Characters the portal's names and identifiers are made of, with the tricky ones over-represented. */
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'čćžšđČĆŽŠĐ', ...'áéíóúöüäëåøłßæœÁÉÍÓÚÖÜÄØŁÆ', ...' -\'.,_()/@&', ...'ǆǅǄǉǈǇǌǋǊ', '’', '\u00a0',
  'dž', 'Dž', 'DŽ', 'lj', 'Lj', 'LJ', 'nj', 'Nj', 'NJ', '0', '00', '007',
];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 8 }).map((parts) => parts.join(''));

describe('the sort key', () => {
  it('orders names as the Croatian collation does: č, ć after c, dž, đ after d, lj, nj as letters, case and other accents not counting', () => {
    const byCollator = [...NAMES].sort((a, b) => collator.compare(a, b) || NAMES.indexOf(a) - NAMES.indexOf(b));
    const byKeys = [...NAMES].sort((a, b) => byKey(a, b) || NAMES.indexOf(a) - NAMES.indexOf(b));
    expect(byKeys).toEqual(byCollator);
  });

  it('agrees with the collator on any two texts of the portal’s alphabet', () => {
    fc.assert(
      fc.property(text, text, (a, b) => byKey(a, b) === sign(collator.compare(a, b))),
      { numRuns: 20_000 },
    );
  });

  it('compares digit runs as numbers and leaves out what does not count', () => {
    expect(byKey('Ivić 9', 'Ivić 10')).toBe(-1);
    expect(byKey('Ivić 007', 'Ivić 7')).toBe(0);
    expect(sortKey('Ana\u00adMarija')).toBe(sortKey('AnaMarija'));
    expect(sortKey('Ana')).toBe(sortKey('ANA'));
  });

  it('compares keys by code point, as PostgreSQL compares bytes', () => {
    expect(compareSortKeys('\u{1F600}', '\uffef')).toBe(1);
    expect(compareSortKeys('a', 'ab')).toBeLessThan(0);
  });
});
