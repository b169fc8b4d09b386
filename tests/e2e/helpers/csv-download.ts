import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** A downloaded CSV: whether it starts with the UTF-8 BOM, and its records (RFC 4180). */
export interface CsvFile {
  fileName: string;
  bom: boolean;
  header: string[];
  rows: string[][];
}

/** Parses RFC 4180 text: quoted fields may hold separators, line breaks and doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Clicks an export button, waits for the download and reads the file the browser saved. */
export async function downloadCsv(page: Page, button: Locator): Promise<CsvFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBeGreaterThan(0);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const [header, ...rows] = parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  return { fileName: download.suggestedFilename(), bom, header, rows };
}
