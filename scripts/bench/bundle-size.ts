/**
 * Bundle-size benchmark: gzip size of the JS the login page loads (entry chunks + the login page's
 * chunk group) and of the heaviest route. A route counts the lazily loaded chunk groups its code
 * requests too (a grid page's `schema-grid` chunk with AG Grid, a form page's `schema-form`): they
 * load as the page renders, so they are part of what the route costs. Reads
 * dist/client-stats.json written by scripts/build-client.ts; build first (`npm run build`).
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

/** Chunk groups that are neither the entry, the logged-in frame nor a page: the lazily loaded ones. */
function lazyGroupNames(stats: Stats): string[] {
  return Object.keys(stats.namedChunkGroups).filter((name) => name !== 'main' && name !== 'app-frame' && !name.startsWith('page-'));
}

/**
 * The chunk id of each lazily loaded group, read from webpack's runtime in the entry, which maps
 * ids to names (`5111:"schema-grid"`); the code that loads a group calls `__webpack_require__.e(5111)`.
 */
function lazyChunkIds(stats: Stats): Map<string, string> {
  const runtime = jsAssets(stats.namedChunkGroups.main)
    .map((asset) => fs.readFileSync(path.join(clientDir, asset), 'utf8'))
    .join('\n');
  const ids = new Map<string, string>();
  for (const name of lazyGroupNames(stats)) {
    const found = new RegExp(`(\\d+):"${name}"`).exec(runtime);
    if (found) ids.set(name, found[1]);
  }
  return ids;
}

/** JS a page needs: the entry's chunks plus its own chunk group (and the logged-in frame when it has one). */
function pageAssets(stats: Stats, groups: string[]): string[] {
  return [...new Set(['main', ...groups].flatMap((name) => jsAssets(stats.namedChunkGroups[name])))];
}

/** The page's JS plus every lazily loaded group its code (or a group it loads) requests. */
function withLazyGroups(stats: Stats, ids: Map<string, string>, assets: string[]): { assets: string[]; lazy: string[] } {
  const all = new Set(assets);
  const lazy: string[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    const code = [...all].map((asset) => fs.readFileSync(path.join(clientDir, asset), 'utf8')).join('\n');
    for (const [name, id] of ids) {
      if (lazy.includes(name) || !new RegExp(`\\.e\\(${id}\\)`).test(code)) continue;
      lazy.push(name);
      for (const asset of jsAssets(stats.namedChunkGroups[name])) all.add(asset);
      grew = true;
    }
  }
  return { assets: [...all], lazy };
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

  const ids = lazyChunkIds(stats);
  const pages = Object.keys(stats.namedChunkGroups).filter((name) => name.startsWith('page-'));
  const sized = pages.map((page) => {
    // Pages other than the login ones render inside the logged-in frame, which loads with them.
    const own = pageAssets(stats, page.startsWith('page-login') ? [page] : [page, 'app-frame']);
    const { assets, lazy } = withLazyGroups(stats, ids, own);
    return { page, assets, lazy, total: assets.reduce((sum, asset) => sum + gzipSize(asset), 0) };
  });
  sized.sort((a, b) => b.total - a.total);
  const largest = sized[0];
  if (largest) {
    const label = `largest route (${largest.page}${largest.lazy.length > 0 ? ` with ${largest.lazy.join(', ')}` : ''})`;
    ok = report(label, largest.assets, ROUTE_BUDGET_KB) && ok;
  }
  // The accounting pages load ApexCharts in a lazy chunk of its own: counted with the page.
  for (const route of sized.filter((s) => s.page.includes('accounting')))
    ok = report(`/ui/${route.page.replace(/^page-/, '')} (with ${route.lazy.join(', ') || 'no lazy chunk'})`, route.assets, ROUTE_BUDGET_KB) && ok;
  if (!ok) process.exitCode = 1;
}

main();
