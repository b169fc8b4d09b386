import { stringify } from 'csv-stringify/browser/esm/sync';
import { spreadsheetSafe } from './spreadsheet-safe';

/** UTF-8 byte order mark: spreadsheet programs then read Croatian letters correctly. */
export const BOM = '\uFEFF';

/**
 * A CSV file's text: the BOM, the header row, then one line per row (RFC 4180 quoting, CRLF; a
 * cell with a line end is quoted).
 * Every CSV the portal writes — the browser's exports and the server's reports — is written
 * here, so every cell, headers included, goes through `spreadsheetSafe` (decision 0611).
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const records = [header, ...rows].map((record) => record.map(spreadsheetSafe));
  // A line end inside a cell is quoted too: the record delimiter is CRLF, so a bare LF would not be,
  // and a spreadsheet would start a new row in the middle of a multi-line text.
  return BOM + stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
