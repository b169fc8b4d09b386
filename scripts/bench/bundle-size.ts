/**
 * Bundle-size benchmark: gzip size of the JS the login page loads (entry chunks + the login page's
 * chunk group) and of the heaviest route. Reads dist/client-stats.json written by
 * scripts/build-client.ts; build first (`npm run build`).
 *
 * Prints figures; a route over its budget gets an "OVER BUDGET" line and the exit code is 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(__dirname, '..', '..');
const clientDir = path.join(root, 'dist', 'client');
const statsFile = path.join(root, 'dist', 'client-stats.json');

const LOGIN_BUDGET_KB = 150;
const ROUTE_BUDGET_KB = 450;

interface ChunkGroup {
  assets: { name: string }[];
}
interface Stats {
  namedChunkGroups: Record<string, ChunkGroup>;
}

const gzipCache = new Map<string, number>();
function gzipSize(asset: string): number {
  let size = gzipCache.get(asset);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, asset)), { level: 9 }).length;
    gzipCache.set(asset, size);
  }
  return size;
}

function jsAssets(group: ChunkGroup | undefined): string[] {
  return (group?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));
}

/** JS a page needs: the entry's chunks plus its own chunk group (and the logged-in frame when it has one). */
function pageAssets(stats: Stats, groups: string[]): string[] {
  return [...new Set(['main', ...groups].flatMap((name) => jsAssets(stats.namedChunkGroups[name])))];
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function report(label: string, assets: string[], budgetKb: number): boolean {
  const total = assets.reduce((sum, asset) => sum + gzipSize(asset), 0);
  console.log(`${label}: ${kb(total)} gzip JS in ${assets.length} files (budget ${budgetKb} KB)`);
  if (total > budgetKb * 1024) {
    console.log(`OVER BUDGET: ${label} exceeds ${budgetKb} KB by ${kb(total - budgetKb * 1024)}`);
    return false;
  }
  return true;
}

function main(): void {
  if (!fs.existsSync(statsFile)) {
    console.error('dist/client-stats.json is missing: run `npm run build` first');
    process.exit(1);
  }
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  let ok = report('/ui/login', pageAssets(stats, ['page-login']), LOGIN_BUDGET_KB);

  const pages = Object.keys(stats.namedChunkGroups).filter((name) => name.startsWith('page-'));
  const sized = pages.map((page) => {
    // Pages other than the login ones render inside the logged-in frame, which loads with them.
    const assets = pageAssets(stats, page.startsWith('page-login') ? [page] : [page, 'app-frame']);
    return { page, assets, total: assets.reduce((sum, asset) => sum + gzipSize(asset), 0) };
  });
  sized.sort((a, b) => b.total - a.total);
  const largest = sized[0];
  if (largest) ok = report(`largest route (${largest.page})`, largest.assets, ROUTE_BUDGET_KB) && ok;
  if (!ok) process.exitCode = 1;
}

main();
