import { matchesUnlowered } from '../../../src/server/grid-pages/compile-grid';

describe('matchesUnlowered', () => {
  it('spares the lowering for a short needle without letters: digits, spaces, punctuation', () => {
    for (const needle of ['4', '42', '-', '20', '.2', ' 1', '@', '%', '_', '']) expect(matchesUnlowered(needle)).toBe(true);
  });

  it('lowers the text for any needle with a letter, a character beyond ASCII, or long enough for a trigram index', () => {
    for (const needle of ['a', '4a', 'č', 'ß', 'i̇', '\u0307', '427', '2024', 'abc']) expect(matchesUnlowered(needle)).toBe(false);
  });
});
