/**
 * A schema set as a folder to download: `schemas/` with every document (two-space JSON, as the
 * shipped folder is written) and the shipped folder's `examples/`, as a gzipped tar — unpacked, it
 * is a folder `npm run schemas -- check` passes and a centre may keep in git.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SchemaDoc } from '@/schema-runtime';
import { EXAMPLES_FOLDER } from '@/schema-runtime/load-schema-files';
import { fileOfDoc } from './schema-drafts';

/** One ustar header block for a regular file. */
function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(512);
  const put = (offset: number, length: number, value: string) => block.write(value, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  put(0, 100, name);
  put(100, 8, octal(0o644, 8));
  put(108, 8, octal(0, 8));
  put(116, 8, octal(0, 8));
  put(124, 12, octal(size, 12));
  put(136, 12, octal(mtime, 12));
  put(148, 8, '        ');
  put(156, 1, '0');
  put(257, 6, 'ustar\u0000');
  put(263, 2, '00');
  let sum = 0;
  for (const byte of block) sum += byte;
  put(148, 8, `${octal(sum, 7)}\u0000`);
  return block;
}

/** A gzipped tar of `files` (path → text). */
export function tarGz(files: ReadonlyArray<readonly [path: string, text: string]>): Buffer {
  const mtime = Math.floor(Date.now() / 1000);
  const parts: Buffer[] = [];
  for (const [path, text] of files) {
    const body = Buffer.from(text, 'utf8');
    parts.push(header(path, body.length, mtime), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

/** The files of a set's folder: its documents and the examples of the shipped folder `dir`. */
export function folderFiles(docs: readonly SchemaDoc[], dir: string): Array<[string, string]> {
  const files: Array<[string, string]> = docs.map((doc) => [`schemas/${fileOfDoc(doc)}`, `${JSON.stringify(doc, null, 2)}\n`]);
  const examples = join(dir, EXAMPLES_FOLDER);
  if (existsSync(examples))
    for (const name of readdirSync(examples).sort())
      if (name.endsWith('.json')) files.push([`schemas/${EXAMPLES_FOLDER}/${name}`, readFileSync(join(examples, name), 'utf8')]);
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
