import { formatDate, formatDateTime } from '../format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/** One item of a stored list value: its label, value or name, else the item as text. */
function itemText(item: unknown): string {
  if (item === null || item === undefined) return '';
  if (typeof item !== 'object') return String(item);
  const record = item as Record<string, unknown>;
  for (const key of ['label', 'name_hr', 'name', 'value']) if (typeof record[key] === 'string' || typeof record[key] === 'number') return String(record[key]);
  return Object.entries(record)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/**
 * A value of a change_history snapshot as a line of text: dates as the portal shows them, lists
 * as their items' labels, yes/no for booleans; `none` for an empty value.
 */
export function valueText(value: unknown, words: { none: string; yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') {
    if (DAY.test(value)) return formatDate(value);
    if (INSTANT.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map(itemText).join(', ') : words.none;
  return itemText(value);
}
