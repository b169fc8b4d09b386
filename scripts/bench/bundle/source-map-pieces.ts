/**
 * Splits a minified file into the pieces each original source produced, from its source map
 * (version 3, `mappings` in base64 VLQ). Only what the bundle-size bench needs: no names, no
 * original positions, so a few lines instead of a dependency.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment's VLQ fields (`AAAA` → [0, 0, 0, 0]). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

export interface SourceMapJson {
  sources: string[];
  mappings: string;
}

/** Text the unmapped parts of a file (webpack's own glue, JSON modules) are counted under. */
export const UNMAPPED = '(webpack runtime and unmapped)';

/**
 * Returns, for each source named by the map, the text of the minified `code` generated from it;
 * text before a line's first mapping or after an unmapped segment goes to `UNMAPPED`.
 */
export function piecesBySource(code: string, map: SourceMapJson): Map<string, string[]> {
  const pieces = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text.length === 0) return;
    const list = pieces.get(source);
    if (list) list.push(text);
    else pieces.set(source, [text]);
  };
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let current = UNMAPPED;
    let start = 0;
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      column += fields[0];
      add(current, line.slice(start, column));
      if (fields.length >= 4) {
        sourceIndex += fields[1];
        current = map.sources[sourceIndex] ?? UNMAPPED;
      } else {
        current = UNMAPPED;
      }
      start = column;
    }
    add(current, line.slice(start));
  });
  return pieces;
}
