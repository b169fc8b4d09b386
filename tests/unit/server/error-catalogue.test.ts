import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, type ErrorKey } from '../../../src/server/errors';

/** The rows of the error table under "### Errors" in the API reference, by key. */
function documentedErrors(): Map<string, { status: number; en: string }> {
  const text = readFileSync(path.join(__dirname, '../../../docs/deploy.md'), 'utf8');
  const section = /^### Errors\n([\s\S]*?)(?=^#)/m.exec(text)?.[1] ?? '';
  const rows = [...section.matchAll(/^\| `(\w+)` \| (\d+) \| (.*) \|$/gm)];
  const unescape = (cell: string) => cell.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\\\|/g, '|');
  return new Map(rows.map(([, key, status, en]) => [key, { status: Number(status), en: unescape(en) }]));
}

describe('the error catalogue and its documentation', () => {
  const documented = documentedErrors();

  it.each(Object.keys(ERRORS) as ErrorKey[])('documents error %s with its status and English text', (key) => {
    expect(documented.get(key)).toEqual({ status: ERRORS[key].status, en: ERRORS[key].en });
  });

  it('documents no key the API does not answer with', () => {
    expect([...documented.keys()].filter((key) => !(key in ERRORS))).toEqual([]);
  });
});
