/** First characters that make a spreadsheet program read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text made safe to open in a spreadsheet program: a text that begins with `=`, `+`, `-`,
 * `@`, a tab or a carriage return gets a leading `'`, so Excel, LibreOffice and Google Sheets show
 * it as text instead of running it as a formula (a request named `=HYPERLINK(…)`). Any other text
 * is returned as it is.
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
