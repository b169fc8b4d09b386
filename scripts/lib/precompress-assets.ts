import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Text assets worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this size the compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes a gzip (`.gz`) and a brotli (`.br`) copy beside every compressible file in `dir`, so the
 * server sends the smallest variant the browser accepts without compressing on each request.
 * Returns the total sizes, raw and in each encoding.
 */
export function precompressAssets(dir: string): { raw: number; gzip: number; brotli: number } {
  const totals = { raw: 0, gzip: 0, brotli: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const gzip = zlib.gzipSync(content, { level: 9 });
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    fs.writeFileSync(`${file}.gz`, gzip);
    fs.writeFileSync(`${file}.br`, brotli);
    totals.raw += content.length;
    totals.gzip += gzip.length;
    totals.brotli += brotli.length;
  }
  return totals;
}
