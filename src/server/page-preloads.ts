import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the client build writes beside index.html (scripts/lib/page-files.ts): the files of each page
 * of the route table, in its order, and the groups pages share.
 */
export interface PageFiles {
  /** Each page; `texts` names a part of the texts it needs beside the pages' (the rules pages: `rules`). */
  pages: { path: string; signedOut: boolean; files: string[]; calls?: string[]; texts?: 'rules' }[];
  /** The logged-in frame, for every page but the signed-out ones. */
  frame: string[];
  /** Per language: the shell texts every page needs, the pages' texts the signed-in pages need, and the rules pages' own. */
  texts: Record<string, { shell: string[]; pages: string[]; rules?: string[] }>;
}

export const PAGE_FILES = 'page-files.json';

/** Whether a route (`requests/:projId`, `saml2-error/:errorType?`) matches the segments below /ui/. */
function matches(route: string, segments: string[]): boolean {
  const parts = route.split('/');
  if (segments.length > parts.length) return false;
  return parts.every((part, i) => {
    const segment = segments[i];
    if (part.startsWith(':')) return part.endsWith('?') || (segment !== undefined && segment !== '');
    return segment === part;
  });
}

/**
 * The `<link rel=preload>` tags for the page a /ui path opens, in `language`: the texts, the page's
 * own chunks, and for a signed-in page the frame around it, the pages' texts and the part it names. The client asks
 * for the same files once its entry runs (app/preload-page.ts); named in the HTML they start with
 * the entry instead. At low priority, so they do not slow the entry and its styles, which the first
 * paint waits for. For a visitor who is `signedIn`, also the page's first calls, which the client's
 * fetch then finds answered (credentials and mode as its own: same-origin, CORS). A path the route
 * table does not know gets none.
 */
export function pagePreloads(files: PageFiles, pathname: string, language: string, signedIn = false): string {
  const segments = pathname.replace(/^\/ui\/?/, '').replace(/\/$/, '').split('/');
  const page = files.pages.find((candidate) => matches(candidate.path, segments));
  if (!page) return '';
  const texts = files.texts[language] ?? { shell: [], pages: [] };
  const own = page.texts === 'rules' ? (texts.rules ?? []) : [];
  const all = new Set([...texts.shell, ...page.files, ...(page.signedOut ? [] : [...files.frame, ...texts.pages, ...own])]);
  const calls = signedIn && !page.signedOut ? (page.calls ?? []) : [];
  return [...calls.map((call) => `<link rel=preload as=fetch crossorigin=anonymous href="/${escapeAttribute(call)}">`), ...[...all].map(filePreload)].join('');
}

/**
 * The tags for the login document (`loginDocument` in src/schema-runtime/pages.ts): its scripts are
 * in its HTML, so only the shell texts in `language`, which it loads as the app does.
 */
export function loginDocumentPreloads(files: PageFiles, language: string): string {
  return (files.texts[language]?.shell ?? []).map(filePreload).join('');
}

function filePreload(file: string): string {
  return `<link rel=preload fetchpriority=low as=${file.endsWith('.css') ? 'style' : 'script'} href="/static/${file}">`;
}

/** A value for a double-quoted attribute. */
const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function isPageFiles(value: unknown): value is PageFiles {
  const files = value as Partial<PageFiles> | null;
  return (
    typeof files === 'object' &&
    files !== null &&
    Array.isArray(files.pages) &&
    files.pages.every((page) => typeof page?.path === 'string' && Array.isArray(page.files) && (page.calls === undefined || Array.isArray(page.calls))) &&
    Array.isArray(files.frame) &&
    typeof files.texts === 'object' &&
    files.texts !== null
  );
}

/**
 * The page files of the build in `clientDir`, or null for a build without them. A file that cannot
 * be read as page files (cut short by a full disk, written by another version) costs the pages their
 * hints only, not their HTML: `onProblem` hears why, and null is returned.
 */
export function readPageFiles(clientDir: string, onProblem: (problem: string) => void): PageFiles | null {
  const file = join(clientDir, PAGE_FILES);
  if (!existsSync(file)) return null;
  try {
    const files: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isPageFiles(files)) return files;
    onProblem(`${file} does not hold page files: the pages are served without preload hints`);
  } catch (error) {
    onProblem(`${file} cannot be read (${(error as Error).message}): the pages are served without preload hints`);
  }
  return null;
}
