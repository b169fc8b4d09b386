import { addYears } from '@/schema-runtime/keywords';
import { formatDate, typedDateToApi } from '@/client/engine/format';

/** A date as shown (dd.MM.yyyy) from the stored yyyy-MM-dd; other text is shown as it is. */
export function displayDate(value: string | undefined): string {
  if (!value) return '';
  return (/^\d{4}-\d{2}-\d{2}$/.test(value) && formatDate(value)) || value;
}

/**
 * What a typed date stores: yyyy-MM-dd when the text is a whole dd.MM.yyyy date, the text itself
 * otherwise (validation then reports the format), undefined when empty.
 */
export function storedDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return typedDateToApi(trimmed) ?? trimmed;
}

/**
 * Applies dates that follow another: a field whose ui options say `followsStartYears: N` is set
 * to the start date plus N years (the institutional project's end), and cleared with it.
 */
export function applyFollowingDates<T extends Record<string, unknown>>(
  data: T,
  uiSchema: Record<string, unknown>,
  startField = 'date_start',
): T {
  let next = data;
  for (const [field, ui] of Object.entries(uiSchema)) {
    const years = (ui as { 'ui:options'?: { followsStartYears?: unknown } } | undefined)?.['ui:options']?.followsStartYears;
    if (typeof years !== 'number') continue;
    const start = data[startField];
    const wanted = typeof start === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(start) ? addYears(start, years) : undefined;
    if (next[field] !== wanted) {
      next = { ...next, [field]: wanted };
      if (wanted === undefined) delete (next as Record<string, unknown>)[field];
    }
  }
  return next;
}
