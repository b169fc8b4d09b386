import fs from 'node:fs';
import path from 'node:path';
import { routePages } from '../../lib/page-files';
import { loginDocument } from '../../../src/schema-runtime/pages';

/*
 * Which built JS files a route loads, from dist/client-stats.json, as two sets:
 *
 * - its first screen: the entry, the page's chunk group, the logged-in frame for pages behind a
 *   login, the texts, and every lazily loaded group that code requests as the page opens (the
 *   grid, the form), transitively;
 * - all it can load: those and the groups that load only on something the visitor does
 *   (`ON_DEMAND`: the CSV writer on an export, the charts as one comes into view, a form below the
 *   first screen as it comes into view), transitively.
 *
 * A group is on demand only for the code it names: the test of the first screens
 * (tests/unit/bench/first-screen.test.ts) holds that nothing else requests it.
 */

/** Lazily loaded groups that load on what the visitor does, not as the page opens, and what that is. */
export const ON_DEMAND: Record<string, { when: string; loaders: string[] }> = {
  'csv-file': { when: 'on an export', loaders: ['src/client/engine/csv/csv-export-button.tsx', 'src/client/engine/schema-grid/grid-csv.ts'] },
  apexcharts: { when: 'as a chart comes into view', loaders: ['src/client/features/accounting/chart-on-view.tsx'] },
  'schema-form-on-view': { when: 'as a form below the first screen comes into view', loaders: ['src/client/engine/schema-form/schema-form-on-view.tsx'] },
  'rules-preview': { when: "as the draft's preview comes into view", loaders: ['src/client/features/rules/editor/lazy-draft-preview.tsx'] },
  'rules-preview-grid': { when: 'once a grid is previewed', loaders: ['src/client/features/rules/editor/draft-preview-panel.tsx'] },
};

/**
 * Pages whose first screen shows a chart, at the viewport the page is judged at (a user page on a
 * phone, 390 × 844; a staff page at a desk, 1366 × 860): they draw one as they open, so their first
 * screen counts ApexCharts. The science usage (staff) draws its chart under a short intro. On a
 * phone the user pages' charts are folded under each cluster's hours and each project's hours
 * granted (cluster-charts.tsx, grant-burn-down.tsx), and load once opened. Held by
 * tests/e2e/accounting.spec.ts.
 */
export const CHART_ON_FIRST_SCREEN = new Set(['page-science-usage']);

export interface ChunkGroup {
  assets: { name: string }[];
}
export interface Stats {
  namedChunkGroups: Record<string, ChunkGroup>;
}

/** Chunks of pages rendered outside the logged-in frame (the login layout and the not-logged-in redirects). */
const PAGES = routePages(path.resolve(__dirname, '..', '..', '..'));
const SIGNED_OUT = new Set(PAGES.filter((page) => page.signedOut).map((page) => page.chunk));
/** Chunks of the pages that wait for the rules' texts too (the route table's `texts: 'rules'`). */
const RULES_TEXTS = new Set(PAGES.filter((page) => page.texts === 'rules').map((page) => page.chunk));
/**
 * The login page's chunk: a visitor without a session opens it as a document of its own, whose
 * entry is all it loads (the app's chunk for it only lands a signed-in visitor).
 */
const LOGIN_CHUNK = PAGES.find((page) => page.path === loginDocument.page.path)?.chunk;
/** Groups that are the entry or the frame: part of a route's own files, never "lazy". */
const FRAME = 'app-frame';
/**
 * Translations load as three groups per language: `i18n-hr`, the shell every page loads,
 * `i18n-hr-pages`, which every page but the signed-out ones waits for, and `i18n-hr-rules`, which
 * only the rules pages wait for (src/client/i18n/text-parts.ts). A page shows one language: of the
 * languages a route counts the largest.
 */
const LANGUAGE_GROUP = /^i18n-([a-z]+)(?:-(pages|rules))?$/;

export interface RouteFiles {
  /** The page's chunk group name (`page-login`). */
  page: string;
  /** The files of its first screen. */
  firstScreen: string[];
  /** Every file it can load: the first screen's and the on-demand groups'. */
  assets: string[];
  /** The lazily loaded groups of its first screen. */
  lazy: string[];
  /** The groups it loads later, on demand. */
  later: string[];
}

export function jsAssets(group: ChunkGroup | undefined): string[] {
  return (group?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));
}

/**
 * The chunk id of each lazily loaded group, read from webpack's runtime in the entry, which maps
 * ids to names (`5111:"schema-grid"`); the code that loads a group calls `__webpack_require__.e(5111)`.
 */
export function lazyChunkIds(stats: Stats, read: (asset: string) => string): Map<string, string> {
  const runtime = jsAssets(stats.namedChunkGroups.main).map(read).join('\n');
  const ids = new Map<string, string>();
  for (const name of Object.keys(stats.namedChunkGroups)) {
    if (name === 'main' || name === FRAME || name.startsWith('page-')) continue;
    const found = new RegExp(`(\\d+):"${name}"`).exec(runtime);
    if (found) ids.set(name, found[1]);
  }
  return ids;
}

/**
 * Whether built code loads chunk `id`: an `import()` of one module calls `__webpack_require__.e(id)`;
 * one of a module picked at run time (`import(\`./${locale}.json\`)`) lists each candidate's
 * chunks in a map (`"./hr.json":[8954,[1201]]`).
 */
export function requests(code: string, id: string): boolean {
  return new RegExp(`\\.e\\(${id}\\)|":\\[\\d+,\\[(?:\\d+,)*${id}[\\],]`).test(code);
}

/** The files of every route, from the stats of a build in `clientDir`. */
export function routeFiles(stats: Stats, clientDir: string, gzip: (asset: string) => number): RouteFiles[] {
  const cache = new Map<string, string>();
  const read = (asset: string) => {
    let code = cache.get(asset);
    if (code === undefined) {
      code = fs.readFileSync(path.join(clientDir, asset), 'utf8');
      cache.set(asset, code);
    }
    return code;
  };
  const ids = lazyChunkIds(stats, read);
  const groupSize = (name: string) => jsAssets(stats.namedChunkGroups[name]).reduce((sum, asset) => sum + gzip(asset), 0);
  /**
   * The lazy groups that count for `page`: all but the smaller languages, a signed-out page's
   * without the pages' texts, and only a rules page's with the rules' texts.
   */
  const counted = (lazy: string[], page: string): string[] => {
    const wants = (part: string | undefined) => (part === 'pages' ? !SIGNED_OUT.has(page) : part === 'rules' ? RULES_TEXTS.has(page) : true);
    const languages = new Map<string, string[]>();
    for (const name of lazy) {
      const found = LANGUAGE_GROUP.exec(name);
      if (!found || !wants(found[2])) continue;
      languages.set(found[1], [...(languages.get(found[1]) ?? []), name]);
    }
    const size = (names: string[]) => names.reduce((sum, name) => sum + groupSize(name), 0);
    const largest = [...languages.values()].reduce<string[]>((a, b) => (size(b) > size(a) ? b : a), []);
    return lazy.filter((name) => !LANGUAGE_GROUP.test(name) || largest.includes(name));
  };
  /**
   * The groups the code of `files` requests, transitively, and their files; a group in `stop` is
   * left out with all it would request.
   */
  const reach = (files: Set<string>, lazy: string[], page: string, stop: (name: string) => boolean): void => {
    for (let grew = true; grew; ) {
      grew = false;
      const code = [...files].map(read).join('\n');
      for (const [name, id] of ids) {
        if (lazy.includes(name) || stop(name) || !requests(code, id)) continue;
        lazy.push(name);
        grew = true;
      }
      for (const name of counted(lazy, page)) for (const asset of jsAssets(stats.namedChunkGroups[name])) files.add(asset);
    }
  };
  const pages = Object.keys(stats.namedChunkGroups).filter((name) => name.startsWith('page-'));
  return pages.map((page) => {
    const signedOut = SIGNED_OUT.has(page);
    const own = page === LOGIN_CHUNK ? [loginDocument.entry] : ['main', page, ...(signedOut ? [] : [FRAME])];
    const first = new Set(own.flatMap((name) => jsAssets(stats.namedChunkGroups[name])));
    const firstLazy: string[] = [];
    const later = (name: string) => name in ON_DEMAND && !(name === 'apexcharts' && CHART_ON_FIRST_SCREEN.has(page));
    reach(first, firstLazy, page, later);
    const all = new Set(first);
    const allLazy = [...firstLazy];
    reach(all, allLazy, page, () => false);
    const firstCounted = counted(firstLazy, page);
    return {
      page,
      firstScreen: [...first],
      assets: [...all],
      lazy: firstCounted,
      later: counted(allLazy, page).filter((name) => !firstCounted.includes(name)),
    };
  });
}
