/**
 * Builds the browser client into dist/client with webpack in production mode.
 *
 *   tsx scripts/build-client.ts             always build
 *   tsx scripts/build-client.ts --if-stale  build only when a client input is newer than dist/client/index.html
 *
 * Shows a progress bar while webpack works (a first start waits for this), then writes a gzip and a
 * brotli copy of every text asset for the server to send as they are. Also writes
 * dist/client-stats.json (chunk groups and their assets) and moves the source maps to
 * dist/client-maps (never served), both read by scripts/bench/bundle-size.ts, and the files each
 * page needs (`page-files.json`, scripts/lib/page-files.ts) for the server's preload hints.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { clientOutputDir, createConfig } from '../webpack.config';
import { moveSourceMaps } from './lib/move-source-maps';
import { writePageFiles } from './lib/page-files';
import { precompressAssets } from './lib/precompress-assets';
import { createProgress } from './lib/progress-bar';

const root = path.resolve(__dirname, '..');
const builtIndex = path.join(clientOutputDir, 'index.html');
export const statsFile = path.join(root, 'dist', 'client-stats.json');
export const mapsDir = path.join(root, 'dist', 'client-maps');

const inputs = ['src/client', 'src/schema-runtime', 'webpack.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(): boolean {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const config = createConfig('production');
    const progress = createProgress('building the web client', 100);
    config.plugins = [...(config.plugins ?? []), new webpack.ProgressPlugin((share, message) => progress.update(Math.round(share * 100), message))];
    webpack(config, (err, stats) => {
      progress.stop();
      if (err) return reject(err);
      if (!stats) return reject(new Error('webpack returned no stats'));
      const info = stats.toJson({ all: false, errors: true, warnings: true, assets: true, chunkGroups: true });
      if (stats.hasErrors()) {
        for (const e of info.errors ?? []) console.error(e.message);
        return reject(new Error('client build failed'));
      }
      for (const w of info.warnings ?? []) console.warn(w.message);
      fs.mkdirSync(path.dirname(statsFile), { recursive: true });
      fs.writeFileSync(statsFile, JSON.stringify(info));
      writePageFiles(info, root, clientOutputDir);
      moveSourceMaps(clientOutputDir, mapsDir);
      const sizes = precompressAssets(clientOutputDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      console.log(
        `client built into ${path.relative(root, clientOutputDir)} in ${(stats.endTime - stats.startTime) / 1000}s ` +
          `(${kb(sizes.raw)} of text assets; ${kb(sizes.gzip)} gzip, ${kb(sizes.brotli)} brotli)`,
      );
      resolve();
    });
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-stale') && !isStale()) {
    console.log('client build is up to date');
    return;
  }
  console.log('Building the web client; on a first start this takes a few minutes.');
  await build();
  // webpack leaves an unchanged index.html as it was: mark the build's time on it, or an input
  // touched without a change (package-lock.json after npm install) would make every start rebuild.
  const now = new Date();
  fs.utimesSync(builtIndex, now, now);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
