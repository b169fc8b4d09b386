import type { ClusterUsage, UsageAnswer, UsageRow } from '@/client/api/accounting';
import { compareSortKeys, sortKey } from '@/schema-runtime/sort-key';
import { spreadsheetSafe } from '@/schema-runtime/spreadsheet-safe';

/** The clusters of an answer that have usage, in the order of the rules. */
export function clustersWithUsage(answer: UsageAnswer | undefined, order: readonly string[]): { name: string; usage: ClusterUsage }[] {
  if (!answer) return [];
  return order.flatMap((name) => {
    const usage = answer[name] as ClusterUsage | undefined;
    return usage && usage.monthly.cpuh.length ? [{ name, usage }] : [];
  });
}

/**
 * The options of a project or user picker, code with name, in the grids' order of texts (digit runs
 * by their number: NR-2 before NR-10). Compared by sort key, not `localeCompare`: the first collation
 * a page asks for loads the browser's locale data, a long task on a phone.
 */
export function pickerOptions(mapping: Record<string, string> | undefined): { value: string; text: string }[] {
  return Object.entries(mapping ?? {})
    .map(([value, name]) => ({ value, text: name ? `${value} – ${name}` : value, key: sortKey(value) }))
    .sort((a, b) => compareSortKeys(a.key, b.key))
    .map(({ value, text }) => ({ value, text }));
}

/** The columns of chart rows (every key but `month`), sorted. */
export function columnsOf(rows: readonly UsageRow[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (key !== 'month') keys.add(key);
  return [...keys].sort();
}

/** One series per column, with only the chosen column when a filter is set. */
export function seriesOf(rows: readonly UsageRow[], filter: string): { key: string; data: number[] }[] {
  return columnsOf(rows)
    .filter((key) => !filter || key === filter)
    .map((key) => ({ key, data: rows.map((row) => Number(row[key] ?? 0)) }));
}

/** The hours of the rows (monthly), every column's or only the chosen one's when a filter is set. */
export const totalOf = (rows: readonly UsageRow[], filter: string): number => seriesOf(rows, filter).reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0);

/** True when no value of the series is above zero. */
export const allZero = (series: readonly { data: number[] }[]) => series.every((s) => s.data.every((v) => v <= 0));

/** How a column is named in legends and CSV headers, when not by its key and name. */
export interface ColumnNaming {
  /** The column's display name (default: the key, and its name when the names map has one). */
  label?: (key: string) => string;
  /** The CSV header of the first column (default 'month'). */
  periodHeader?: string;
}

/**
 * How a spreadsheet of the user's locale reads a CSV: Croatian Excel splits on ';' and takes ','
 * as the decimal mark (it misread '.' decimals as thousands), English ones use ',' and '.'.
 */
const CSV_LOCALES = { hr: { separator: ';', decimal: ',' }, en: { separator: ',', decimal: '.' } } as const;

/**
 * The rows as CSV for a spreadsheet in `locale`: a header of month and column names, then one line
 * per month; hours rounded to two decimals.
 */
export function toCsv(rows: readonly UsageRow[], filter: string, names: Record<string, string>, naming: ColumnNaming = {}, locale: 'hr' | 'en' = 'en'): string {
  const { separator, decimal } = CSV_LOCALES[locale];
  const series = seriesOf(rows, filter);
  const quote = (text: string) => (/["\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text);
  const label = naming.label ?? ((key: string) => (names[key] ? `${key} (${names[key]})` : key));
  const number = (value: number) => String(Math.round(value * 100) / 100).replace('.', decimal);
  // Names come from people and projects: one starting with `=` must stay text (decision 0611).
  const header = [naming.periodHeader ?? 'month', ...series.map((s) => spreadsheetSafe(label(s.key)))].map(quote).join(separator);
  const lines = rows.map((row, i) => [row.month, ...series.map((s) => number(s.data[i]))].map(quote).join(separator));
  return [header, ...lines].join('\n') + '\n';
}
