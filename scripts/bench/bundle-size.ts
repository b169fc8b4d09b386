/**
 * Bundle-size benchmark: for each route the gzip size of the JS its first screen loads, against
 * its budget, and of all it can load (with the groups that load on demand: the CSV writer on an
 * export, the charts as one comes into view); see `bundle/route-assets.ts` for what each counts.
 * Under them, the modules the first screen's bytes come from, largest first, so a change can see
 * where a route's bytes go. Reads dist/client-stats.json and the source maps in dist/client-maps
 * written by scripts/build-client.ts; build first (`npm run build`).
 *
 * Budgets (issue 52): the login page, every visitor's first, 100 KB; a staff page's first screen
 * 350 KB (staff work at a desk); any other page's first screen 250 KB (researchers, on a phone).
 *
 * Prints figures; a route over its budget is marked "OVER BUDGET" and the exit code is 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { moduleGzipSizes } from './bundle/module-sizes';
import { ON_DEMAND, routeFiles, type RouteFiles, type Stats } from './bundle/route-assets';
import { figure, note } from './lib/figures';
import { routePages } from '../lib/page-files';

const root = path.resolve(__dirname, '..', '..');
const clientDir = path.join(root, 'dist', 'client');
const mapsDir = path.join(root, 'dist', 'client-maps');
const statsFile = path.join(root, 'dist', 'client-stats.json');

const LOGIN_BUDGET_KB = 100;
const STAFF_BUDGET_KB = 350;
const USER_BUDGET_KB = 250;
const TOP_MODULES = 8;

const STAFF_PAGES = new Set(routePages(root).filter((page) => page.access === 'staff').map((page) => page.chunk));

/** The first-screen budget of a page's chunk group. */
export function budgetKb(page: string): number {
  if (page === 'page-login') return LOGIN_BUDGET_KB;
  return STAFF_PAGES.has(page) ? STAFF_BUDGET_KB : USER_BUDGET_KB;
}

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

const total = (assets: string[]) => assets.reduce((sum, asset) => sum + assetSizes(asset).total, 0);

/** Prints one route's first screen against its budget, all it can load, and its largest modules; false when over budget. */
function report(route: RouteFiles): boolean {
  const name = route.page.replace(/^page-/, '');
  const staff = STAFF_PAGES.has(route.page) ? ' (staff)' : '';
  const within = figure(`${name}${staff}, first screen`, total(route.firstScreen) / 1024, 'KB', { max: budgetKb(route.page) });
  if (route.later.length > 0) figure(`${name}, all it can load`, total(route.assets) / 1024, 'KB');
  const later = route.later.map((group) => `${group} ${ON_DEMAND[group]?.when ?? 'later'}`).join(', ');
  if (route.lazy.length > 0 || later) note(`lazy groups of the first screen: ${route.lazy.join(', ') || 'none'}${later ? `; later: ${later}` : ''}`);
  const modules = new Map<string, number>();
  for (const asset of route.firstScreen) for (const [label, bytes] of assetSizes(asset).modules) modules.set(label, (modules.get(label) ?? 0) + bytes);
  const top = [...modules].sort((a, b) => b[1] - a[1]).slice(0, TOP_MODULES);
  note(`first screen, ${route.firstScreen.length} files: ${top.map(([label, bytes]) => `${label} ${kb(bytes)}`).join(' · ')}`);
  return within;
}

function main(): void {
  if (!fs.existsSync(statsFile) || !fs.existsSync(mapsDir)) {
    console.error('dist/client-stats.json or dist/client-maps is missing: run `npm run build` first');
    process.exit(1);
  }
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  const routes = routeFiles(stats, clientDir, (asset) => assetSizes(asset).total);
  const firstScreens = new Map(routes.map((route) => [route, total(route.firstScreen)]));
  // The login page first, then the heaviest first screens first.
  routes.sort((a, b) => Number(b.page === 'page-login') - Number(a.page === 'page-login') || (firstScreens.get(b) ?? 0) - (firstScreens.get(a) ?? 0));
  console.log('gzip JS of each route: its first screen against its budget, then all it can load, then the first screen\'s largest modules');
  let ok = true;
  for (const route of routes) ok = report(route) && ok;
  if (!ok) process.exitCode = 1;
}

if (require.main === module) main();
