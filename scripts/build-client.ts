/**
 * Builds the browser client into dist/client with webpack in production mode.
 *
 *   tsx scripts/build-client.ts             always build
 *   tsx scripts/build-client.ts --if-stale  build only when a client input is newer than dist/client/index.html
 *
 * Also writes dist/client-stats.json (chunk groups and their assets), read by scripts/bench/bundle-size.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { clientOutputDir, createConfig } from '../webpack.config';

const root = path.resolve(__dirname, '..');
const builtIndex = path.join(clientOutputDir, 'index.html');
export const statsFile = path.join(root, 'dist', 'client-stats.json');

const inputs = ['src/client', 'src/schema-runtime', 'schemas', 'webpack.config.ts', 'package-lock.json'];

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
    webpack(createConfig('production'), (err, stats) => {
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
      console.log(`client built into ${path.relative(root, clientOutputDir)} in ${(stats.endTime - stats.startTime) / 1000}s`);
      resolve();
    });
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-stale') && !isStale()) {
    console.log('client build is up to date');
    return;
  }
  await build();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
