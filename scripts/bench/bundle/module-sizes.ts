import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { piecesBySource, type SourceMapJson } from './source-map-pieces';

/** Gzip as the bench counts it everywhere: level 9, one file at a time. */
export function gzipBytes(content: string | Buffer): number {
  return zlib.gzipSync(content, { level: 9 }).length;
}

/**
 * What a map's source is called in the report: a package for anything under node_modules (its
 * files together), else the path inside the repository.
 */
export function moduleLabel(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  return source.replace(/^webpack:\/\/[^/]*\//, '');
}

/**
 * The gzip bytes of one built JS file, split by module: each module's pieces are compressed on
 * their own and the shares scaled so they add up to the file's real gzip size (compressing a
 * piece alone costs more than compressing it among the others). Without a map the whole file
 * counts under its own name.
 */
export function moduleGzipSizes(clientDir: string, mapsDir: string, asset: string): { total: number; modules: Map<string, number> } {
  const code = fs.readFileSync(path.join(clientDir, asset), 'utf8');
  const total = gzipBytes(code);
  const mapFile = path.join(mapsDir, `${asset}.map`);
  if (!fs.existsSync(mapFile)) return { total, modules: new Map([[asset, total]]) };
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapJson;
  const alone = new Map<string, number>();
  for (const [source, pieces] of piecesBySource(code, map)) {
    const label = moduleLabel(source);
    alone.set(label, (alone.get(label) ?? 0) + gzipBytes(pieces.join('')));
  }
  const sum = [...alone.values()].reduce((a, b) => a + b, 0);
  const modules = new Map([...alone].map(([label, bytes]) => [label, (bytes * total) / sum]));
  return { total, modules };
}
