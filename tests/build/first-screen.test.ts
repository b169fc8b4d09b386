import fs from 'node:fs';
import path from 'node:path';
import { CHART_ON_FIRST_SCREEN, jsAssets, lazyChunkIds, ON_DEMAND, requests, routeFiles, type Stats } from '../../scripts/bench/bundle/route-assets';
import { moduleLabel } from '../../scripts/bench/bundle/module-sizes';

/*
 * What each page of the built client loads as it opens (its first screen) and what only later, as
 * the bundle-size bench counts them (scripts/bench/bundle/route-assets.ts). Reads the production
 * build (`npm test` builds it first when the sources changed; else `npm run build`): dist/client-stats.json, the files in
 * dist/client and their source maps in dist/client-maps.
 */
const root = path.resolve(__dirname, '..', '..');
const clientDir = path.join(root, 'dist', 'client');
const mapsDir = path.join(root, 'dist', 'client-maps');
const statsFile = path.join(root, 'dist', 'client-stats.json');

/** The lazily loaded groups (texts aside) each page's first screen loads; a page not named loads none. */
const FIRST_SCREEN_GROUPS: Record<string, string[]> = {
  'page-processing-request': ['schema-form'],
  'page-processing-project': ['schema-form'],
  'page-new-request-type': ['schema-form'],
  'page-research-request': ['schema-form'],
  'page-science-usage': ['apexcharts'],
};

/** Packages that only an on-demand group may hold: the charts, and the CSV writer. */
const DEFERRED_PACKAGES: Record<string, string> = { apexcharts: 'apexcharts', 'react-apexcharts': 'apexcharts', 'csv-stringify': 'csv-file' };

const TEXTS = /^i18n-/;

function built(): { stats: Stats; read: (asset: string) => string } {
  if (!fs.existsSync(statsFile) || !fs.existsSync(mapsDir)) throw new Error('the client is not built: run `npm run build` first');
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  return { stats, read: (asset) => fs.readFileSync(path.join(clientDir, asset), 'utf8') };
}

/** The modules a built file holds, as the bench names them: a package, or a path in the repository (none for a file without a map: the texts). */
function modulesOf(asset: string): string[] {
  const file = path.join(mapsDir, `${asset}.map`);
  if (!fs.existsSync(file)) return [];
  const map = JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] };
  return [...new Set(map.sources.map(moduleLabel))];
}

describe('the first screen of each page of the build', () => {
  const { stats, read } = built();
  const routes = routeFiles(stats, clientDir, (asset) => read(asset).length);

  it('loads the lazy groups it needs as it opens, and no others', () => {
    const found = Object.fromEntries(routes.map((route) => [route.page, route.lazy.filter((name) => !TEXTS.test(name)).sort()]));
    const expected = Object.fromEntries(routes.map((route) => [route.page, FIRST_SCREEN_GROUPS[route.page] ?? []]));
    expect(found).toEqual(expected);
    expect(Object.keys(FIRST_SCREEN_GROUPS).filter((page) => !(page in found))).toEqual([]);
  });

  it('holds ApexCharts only where a chart is on it, and the CSV writer nowhere', () => {
    const creeping: string[] = [];
    for (const route of routes) {
      for (const asset of route.firstScreen) {
        for (const module of modulesOf(asset)) {
          const group = DEFERRED_PACKAGES[module];
          if (!group || (group === 'apexcharts' && CHART_ON_FIRST_SCREEN.has(route.page))) continue;
          creeping.push(`${route.page}: ${module} in ${asset}`);
        }
      }
    }
    expect(creeping).toEqual([]);
  });

  it('has every group that loads on demand asked for only by its loaders', () => {
    const ids = lazyChunkIds(stats, read);
    const assets = new Set(Object.values(stats.namedChunkGroups).flatMap((group) => jsAssets(group)));
    for (const [group, { loaders }] of Object.entries(ON_DEMAND)) {
      const id = ids.get(group);
      expect(id).toBeDefined();
      const askers = [...assets].filter((asset) => requests(read(asset), id!));
      expect(askers.length).toBeGreaterThan(0);
      // A file that asks for the group holds one of its loaders: another module asking for it
      // (a chart drawn at once, a CSV written as the page opens) would land in a file of its own page.
      const strays = askers.filter((asset) => !modulesOf(asset).some((module) => loaders.some((loader) => module.endsWith(loader))));
      expect({ group, strays }).toEqual({ group, strays: [] });
    }
  });

  it('keeps the deferred packages in their own groups', () => {
    for (const [pkg, group] of Object.entries(DEFERRED_PACKAGES)) {
      const holders = Object.entries(stats.namedChunkGroups)
        .filter(([, chunkGroup]) => jsAssets(chunkGroup).some((asset) => modulesOf(asset).includes(pkg)))
        .map(([name]) => name);
      expect({ pkg, holders }).toEqual({ pkg, holders: [group] });
    }
  });

  it('loads everything on demand at the latest by the whole figure, which counts the first screen too', () => {
    for (const route of routes) {
      expect(route.assets).toEqual(expect.arrayContaining(route.firstScreen));
      for (const group of route.later) expect(route.assets).toEqual(expect.arrayContaining(jsAssets(stats.namedChunkGroups[group])));
    }
  });
});
