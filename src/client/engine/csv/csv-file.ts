import { stringify } from 'csv-stringify/browser/esm/sync';
import { spreadsheetSafe } from './spreadsheet-safe';

/** UTF-8 byte order mark: spreadsheet programs then read Croatian letters correctly. */
export const BOM = '\uFEFF';

/**
 * A CSV file's text: the BOM, the header row, then one line per row (RFC 4180 quoting, CRLF).
 * Every export of the portal is written here, so every cell, headers included, goes through
 * `spreadsheetSafe`.
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const records = [header, ...rows].map((record) => record.map(spreadsheetSafe));
  return BOM + stringify(records, { record_delimiter: 'windows' });
}

/** Makes the browser download `text` as `fileName` (a CSV in UTF-8). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
