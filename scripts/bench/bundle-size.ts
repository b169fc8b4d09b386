/**
 * Bundle-size benchmark: gzip size of the JS each route loads (see `bundle/route-assets.ts` for what
 * a route counts) against its budget, and the modules those bytes come from, largest first, so a
 * change can see where a route's bytes go. Reads dist/client-stats.json and the source maps in
 * dist/client-maps written by scripts/build-client.ts; build first (`npm run build`).
 *
 * Prints figures; a route over its budget is marked "OVER BUDGET" and the exit code is 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { moduleGzipSizes } from './bundle/module-sizes';
import { routeFiles, type RouteFiles, type Stats } from './bundle/route-assets';
import { figure, note } from './lib/figures';

const root = path.resolve(__dirname, '..', '..');
const clientDir = path.join(root, 'dist', 'client');
const mapsDir = path.join(root, 'dist', 'client-maps');
const statsFile = path.join(root, 'dist', 'client-stats.json');

/** The sign-in page is every visitor's first: it gets the tightest budget. */
const LOGIN_BUDGET_KB = 100;
const ROUTE_BUDGET_KB = 300;
const TOP_MODULES = 8;

const sizes = new Map<string, ReturnType<typeof moduleGzipSizes>>();
function assetSizes(asset: string): ReturnType<typeof moduleGzipSizes> {
  let found = sizes.get(asset);
  if (!found) {
    found = moduleGzipSizes(clientDir, mapsDir, asset);
    sizes.set(asset, found);
  }
  return found;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Prints one route's total against its budget and its largest modules; false when over budget. */
function report(route: RouteFiles): boolean {
  const budgetKb = route.page === 'page-login' ? LOGIN_BUDGET_KB : ROUTE_BUDGET_KB;
  const modules = new Map<string, number>();
  let total = 0;
  for (const asset of route.assets) {
    const found = assetSizes(asset);
    total += found.total;
    for (const [label, bytes] of found.modules) modules.set(label, (modules.get(label) ?? 0) + bytes);
  }
  const lazy = route.lazy.length > 0 ? ` with ${route.lazy.join(', ')}` : '';
  const within = figure(`${route.page.replace(/^page-/, '')}${lazy}`, total / 1024, 'KB', { max: budgetKb });
  const top = [...modules].sort((a, b) => b[1] - a[1]).slice(0, TOP_MODULES);
  note(`${route.assets.length} files: ${top.map(([label, bytes]) => `${label} ${kb(bytes)}`).join(' · ')}`);
  return within;
}

function main(): void {
  if (!fs.existsSync(statsFile) || !fs.existsSync(mapsDir)) {
    console.error('dist/client-stats.json or dist/client-maps is missing: run `npm run build` first');
    process.exit(1);
  }
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  const routes = routeFiles(stats, clientDir, (asset) => assetSizes(asset).total);
  const totals = new Map(routes.map((route) => [route, route.assets.reduce((sum, asset) => sum + assetSizes(asset).total, 0)]));
  // The login page first, then the heaviest routes first.
  routes.sort((a, b) => Number(b.page === 'page-login') - Number(a.page === 'page-login') || (totals.get(b) ?? 0) - (totals.get(a) ?? 0));
  console.log('gzip JS each route loads, then the modules its bytes come from, largest first');
  let ok = true;
  for (const route of routes) ok = report(route) && ok;
  if (!ok) process.exitCode = 1;
}

main();
