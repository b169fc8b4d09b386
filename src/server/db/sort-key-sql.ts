import { SORT_KEY_DIGIT_RUN, SORT_KEY_DIGITS, SORT_KEY_PADDED_RUN, SORT_KEY_REPLACEMENTS, SORT_KEY_TRANSLATION } from '@/schema-runtime/sort-key';

/** A text as an SQL string literal (standard strings: only the quote is doubled). */
function literal(text: string): string {
  if (text.includes('\0')) throw new Error('an SQL literal cannot hold NUL');
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The SQL expression of the sort key of the text expression `expr`: the same steps as
 * schema-runtime's `sortKey`, by `normalize`, `replace`, `translate` and `regexp_replace` — all
 * immutable, so the expression may define a stored column. Compare the keys with `COLLATE "C"`.
 */
export function sortKeySql(expr: string): string {
  let key = `normalize(${expr}, NFC)`;
  for (const [from, to] of SORT_KEY_REPLACEMENTS) key = `replace(${key}, ${literal(from)}, ${literal(to)})`;
  // translate() drops the characters of its first list beyond the length of its second.
  const entries = [...SORT_KEY_TRANSLATION.entries()].sort(([, a], [, b]) => Number(a === '') - Number(b === ''));
  const from = entries.map(([f]) => f).join('');
  const to = entries.map(([, t]) => t).join('');
  key = `translate(${key}, ${literal(from)}, ${literal(to)})`;
  const padded = `regexp_replace(${key}, ${literal(SORT_KEY_DIGIT_RUN)}, ${literal(`${'0'.repeat(SORT_KEY_DIGITS)}\\1`)}, 'g')`;
  return `regexp_replace(${padded}, ${literal(SORT_KEY_PADDED_RUN)}, '\\1', 'g')`;
}
