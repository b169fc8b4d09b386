import fs from 'node:fs';
import path from 'node:path';
import { routePages } from '../../lib/page-files';
import { loginDocument } from '../../../src/schema-runtime/pages';

/*
 * Which built JS files a route loads, from dist/client-stats.json: the entry, the page's chunk group,
 * the logged-in frame for pages behind a login, and every lazily loaded group the page's code (or a
 * group it loads) can request: the grid, the form, the charts, the CSV writer. Counting every such
 * group is deliberate: they load as the page is used, so they are part of what the route costs.
 */

export interface ChunkGroup {
  assets: { name: string }[];
}
export interface Stats {
  namedChunkGroups: Record<string, ChunkGroup>;
}

/** Chunks of pages rendered outside the logged-in frame (the login layout and the not-logged-in redirects). */
const PAGES = routePages(path.resolve(__dirname, '..', '..', '..'));
const SIGNED_OUT = new Set(PAGES.filter((page) => page.signedOut).map((page) => page.chunk));
/**
 * The login page's chunk: a visitor without a session opens it as a document of its own, whose
 * entry is all it loads (the app's chunk for it only lands a signed-in visitor).
 */
const LOGIN_CHUNK = PAGES.find((page) => page.path === loginDocument.page.path)?.chunk;
/** Groups that are the entry or the frame: part of a route's own files, never "lazy". */
const FRAME = 'app-frame';
/**
 * Translations load as two groups per language: `i18n-hr`, the shell every page loads, and
 * `i18n-hr-pages`, which every page but the signed-out ones waits for (src/client/i18n/text-parts.ts).
 * A page shows one language: of the languages a route counts the largest.
 */
const LANGUAGE_GROUP = /^i18n-([a-z]+)(-pages)?$/;

export interface RouteFiles {
  /** The page's chunk group name (`page-login`). */
  page: string;
  assets: string[];
  /** The lazily loaded groups counted with it. */
  lazy: string[];
}

export function jsAssets(group: ChunkGroup | undefined): string[] {
  return (group?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));
}

/**
 * The chunk id of each lazily loaded group, read from webpack's runtime in the entry, which maps
 * ids to names (`5111:"schema-grid"`); the code that loads a group calls `__webpack_require__.e(5111)`.
 */
function lazyChunkIds(stats: Stats, read: (asset: string) => string): Map<string, string> {
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
function requests(code: string, id: string): boolean {
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
  /** The lazy groups that count: all but the smaller languages, and a signed-out page's without the pages' texts. */
  const counted = (lazy: string[], signedOut: boolean): string[] => {
    const languages = new Map<string, string[]>();
    for (const name of lazy) {
      const found = LANGUAGE_GROUP.exec(name);
      if (!found || (found[2] && signedOut)) continue;
      languages.set(found[1], [...(languages.get(found[1]) ?? []), name]);
    }
    const size = (names: string[]) => names.reduce((sum, name) => sum + groupSize(name), 0);
    const largest = [...languages.values()].reduce<string[]>((a, b) => (size(b) > size(a) ? b : a), []);
    return lazy.filter((name) => !LANGUAGE_GROUP.test(name) || largest.includes(name));
  };
  const pages = Object.keys(stats.namedChunkGroups).filter((name) => name.startsWith('page-'));
  return pages.map((page) => {
    const signedOut = SIGNED_OUT.has(page);
    const own = page === LOGIN_CHUNK ? [loginDocument.entry] : ['main', page, ...(signedOut ? [] : [FRAME])];
    const all = new Set(own.flatMap((name) => jsAssets(stats.namedChunkGroups[name])));
    const lazy: string[] = [];
    for (let grew = true; grew; ) {
      grew = false;
      const code = [...all].map(read).join('\n');
      for (const [name, id] of ids) {
        if (lazy.includes(name) || !requests(code, id)) continue;
        lazy.push(name);
        grew = true;
      }
      for (const name of counted(lazy, signedOut)) for (const asset of jsAssets(stats.namedChunkGroups[name])) all.add(asset);
    }
    return { page, assets: [...all], lazy: counted(lazy, signedOut) };
  });
}
