import { stringify } from 'csv-stringify/browser/esm/sync';
import { spreadsheetSafe } from './spreadsheet-safe';

/** UTF-8 byte order mark: spreadsheet programs then read Croatian letters correctly. */
export const BOM = '\uFEFF';

/**
 * A CSV file's text: the BOM, the header row, then one line per row (RFC 4180 quoting, CRLF).
 * Every CSV the portal writes — the browser's exports and the server's reports — is written
 * here, so every cell, headers included, goes through `spreadsheetSafe` (decision 0611).
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const records = [header, ...rows].map((record) => record.map(spreadsheetSafe));
  return BOM + stringify(records, { record_delimiter: 'windows' });
}
