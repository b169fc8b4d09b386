/**
 * The portal's alphabetical order of texts, as a key: two texts compare as their keys compare code
 * point by code point. The staff grids sort names in the browser (a whole list) and in the database
 * (a page of a list too big to send whole); both compare these keys, so both give one order.
 *
 * The order is Croatian as the browsers' `Intl.Collator('hr', { sensitivity: 'base', numeric: true })`
 * has it for the texts the portal holds: letters by the Croatian alphabet (č and ć after c, dž and đ
 * after d, lj after l, nj after n, š after s, ž after z), case and other accents not counting (é as e,
 * ß as ss), digit runs by their number, spaces and punctuation before digits and digits before
 * letters. PostgreSQL cannot give that order on both databases the portal runs on (the embedded one
 * has no Croatian collation), and computing it per row is too slow for 100,000 users, so the
 * database stores the key (`users.name_key`) and sorts by its bytes (`COLLATE "C"`).
 *
 * The key is built by plain text operations in a fixed order — Unicode NFC, the replacements of
 * {@link SORT_KEY_REPLACEMENTS} in turn, one character translation ({@link SORT_KEY_TRANSLATION}),
 * then digit runs padded to {@link SORT_KEY_DIGITS} digits — which SQL performs with `normalize`,
 * `replace`, `translate` and `regexp_replace` (`src/server/db/sort-key-sql.ts`) exactly as
 * {@link sortKey} does here. Characters outside the tables are kept as they are, after every letter.
 *
 * Changing the tables changes the stored keys: add a migration that rebuilds `users.name_key`.
 */

/** Digit runs are compared as numbers up to this many digits (leading zeros do not count). */
export const SORT_KEY_DIGITS = 20;

/** Whitespace and ASCII punctuation in the collation's order (all before digits). */
const SEPARATORS = ['\t', '\n', '\v', '\f', '\r', ' ', ...'_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$'];

/** Characters that sort as a separator. */
const SEPARATOR_ALIKES: Record<string, string> = {
  '\u00a0': ' ', '\u1680': ' ', '\u2000': ' ', '\u2001': ' ', '\u2002': ' ', '\u2003': ' ', '\u2004': ' ', '\u2005': ' ',
  '\u2006': ' ', '\u2007': ' ', '\u2008': ' ', '\u2009': ' ', '\u200a': ' ', '\u202f': ' ', '\u205f': ' ', '\u3000': ' ',
  '\u2019': "'", '\u201c': '"', '\u201d': '"',
};

/** The alphabet in order: 34 letters, the three digraphs among them. */
const LETTERS = ['a', 'b', 'c', 'č', 'ć', 'd', 'dž', 'đ', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'lj', 'm', 'n', 'nj', 'o', 'p', 'q', 'r', 's', 'š', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'ž'];

/** Letters that sort as a letter of the alphabet (accents that do not count in Croatian). */
const LETTER_ALIKES: Record<string, string> = {
  a: 'áàâäãåāăą', c: 'ç', d: 'ďð', e: 'éèêëēėęě', h: 'ħ', i: 'íìîïīįİ', l: 'ĺľłŀ', n: 'ñńň',
  o: 'óòôöõøōő', r: 'ŕř', s: 'śşș', t: 'ťţț', u: 'úùûüūůű', y: 'ýÿ', z: 'źż',
};

/** Letters written as two (ß as ss), and the digraphs in the forms that are one letter (Lj, but not lJ). */
const EXPANSIONS: [string, string][] = [
  ['ß', 'ss'], ['ẞ', 'ss'], ['æ', 'ae'], ['Æ', 'ae'], ['œ', 'oe'], ['Œ', 'oe'], ['ĳ', 'ij'], ['Ĳ', 'ij'],
  ['Ǳ', 'dz'], ['ǲ', 'dz'], ['ǳ', 'dz'],
];
/** Stand-ins (private-use characters) for the digraphs between the replacements and the translation. */
const DIGRAPHS: [string, string[], string][] = [
  ['dž', ['dž', 'Dž', 'DŽ', 'ǆ', 'ǅ', 'Ǆ'], '\ue000'],
  ['lj', ['lj', 'Lj', 'LJ', 'ǉ', 'ǈ', 'Ǉ'], '\ue001'],
  ['nj', ['nj', 'Nj', 'NJ', 'ǌ', 'ǋ', 'Ǌ'], '\ue002'],
];

/** Characters that do not count at all: control and format characters, soft hyphen, combining accents. */
const IGNORED = [
  ...range(0x01, 0x08), ...range(0x0e, 0x1f), ...range(0x7f, 0x84), ...range(0x86, 0x9f), 0xad,
  ...range(0x0300, 0x036f), ...range(0x200b, 0x200f), 0x2060, 0xfeff,
].map((c) => String.fromCodePoint(c));

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The key character of the n-th separator: from U+0001 up, below the digits. */
const separatorKey = (n: number) => String.fromCodePoint(0x01 + n);
/** The key character of the n-th letter: from 'A' up, above the digits. */
const letterKey = (n: number) => String.fromCodePoint(0x41 + n);

/**
 * The replacements made first, in this order: letters written as two, then the digraphs (in their
 * one-letter forms) by stand-ins that the translation turns into their letters.
 */
export const SORT_KEY_REPLACEMENTS: readonly (readonly [from: string, to: string])[] = [
  ...EXPANSIONS,
  ...DIGRAPHS.flatMap(([, forms, standIn]) => forms.filter((f) => f.length === 2).map((f) => [f, standIn] as [string, string])),
];

function buildTranslation(): Map<string, string> {
  const map = new Map<string, string>();
  const put = (from: string, to: string) => {
    if (map.has(from)) throw new Error(`sort key: ${JSON.stringify(from)} is translated twice`);
    map.set(from, to);
  };
  SEPARATORS.forEach((s, n) => put(s, separatorKey(n)));
  for (const [alike, s] of Object.entries(SEPARATOR_ALIKES)) put(alike, separatorKey(SEPARATORS.indexOf(s)));
  LETTERS.forEach((letter, n) => {
    const key = letterKey(n);
    const digraph = DIGRAPHS.find(([name]) => name === letter);
    if (digraph) {
      put(digraph[2], key);
      for (const form of digraph[1]) if (form.length === 1) put(form, key);
      return;
    }
    put(letter, key);
    put(letter.toUpperCase(), key);
    for (const alike of LETTER_ALIKES[letter] ?? '') {
      put(alike, key);
      const upper = alike.toUpperCase();
      if (upper !== alike && upper.length === 1 && !map.has(upper)) put(upper, key);
    }
  });
  for (const ignored of IGNORED) put(ignored, '');
  return map;
}

/** Each character the translation changes and what it becomes ('' = left out). */
export const SORT_KEY_TRANSLATION: ReadonlyMap<string, string> = buildTranslation();

const PADDING = '0'.repeat(SORT_KEY_DIGITS);
/** Digit runs get PADDING in front, then keep their last SORT_KEY_DIGITS digits (the SQL does the same). */
export const SORT_KEY_DIGIT_RUN = '([0-9]+)';
export const SORT_KEY_PADDED_RUN = `0*([0-9]{${SORT_KEY_DIGITS}})(?![0-9])`;

/**
 * The sort key of a text (see the module comment). Texts whose keys are equal sort as equals: the
 * grids keep their list's order among them.
 */
export function sortKey(text: string): string {
  let s = text.normalize('NFC');
  for (const [from, to] of SORT_KEY_REPLACEMENTS) if (s.includes(from)) s = s.split(from).join(to);
  let key = '';
  for (const ch of s) key += SORT_KEY_TRANSLATION.get(ch) ?? ch;
  if (!/[0-9]/.test(key)) return key;
  return key.replace(new RegExp(SORT_KEY_DIGIT_RUN, 'g'), `${PADDING}$1`).replace(new RegExp(SORT_KEY_PADDED_RUN, 'g'), '$1');
}

/**
 * Compares two keys code point by code point, as PostgreSQL compares them under `COLLATE "C"`
 * (JavaScript's `<` compares UTF-16 units, which orders characters beyond U+FFFF differently).
 */
export function compareSortKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    // A surrogate (a character beyond U+FFFF) is above every other unit of the basic plane.
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
