/** date-fns pattern letters (as rules/constants.json's dateFormat and timeFormat use them) and their to_char fields. */
const FIELDS: Record<string, string> = {
  yyyy: 'YYYY',
  yy: 'YY',
  MM: 'MM',
  M: 'FMMM',
  dd: 'DD',
  d: 'FMDD',
  HH: 'HH24',
  H: 'FMHH24',
  mm: 'MI',
  ss: 'SS',
};

/**
 * The PostgreSQL `to_char` pattern that writes a date as the date-fns `pattern` does (dd.MM.yyyy →
 * DD.MM.YYYY, H:mm → FMHH24:MI), so the server searches dates in the very text the grids show.
 * Everything but pattern letters is written as it is (quoted).
 *
 * @throws for a pattern letter it does not know (a new format in the constants needs a line here)
 */
export function sqlDatePattern(pattern: string): string {
  return (pattern.match(/([A-Za-z])\1*|[^A-Za-z]+/g) ?? [])
    .map((part) => {
      if (!/^[A-Za-z]/.test(part)) return `"${part.replaceAll('"', '\\"')}"`;
      const field = FIELDS[part];
      if (!field) throw new Error(`date pattern ${pattern}: no SQL field for ${part}`);
      return field;
    })
    .join('');
}
