import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isSignedOut, paths, requestTypePage, type AccessGroup, type PageEntry } from '../../src/schema-runtime/pages';
import { FIRST_CALLS } from '../../src/client/api/first-calls';
import { PAGE_FILES, type PageFiles } from '../../src/server/page-preloads';

/*
 * The files each page of the client needs when it is opened by its address, written by the build
 * for the server (`src/server/page-preloads.ts`), which names them in the page's HTML so the
 * browser asks for them with the entry instead of after it: on a phone each wait is a round trip.
 *
 * The route table (src/client/app/routes.tsx) stays the one place that says which chunk a page is:
 * this reads it, pairing each entry's `...at(paths.X)` with the `webpackChunkName` of its `load`.
 * A request type's page, made per type of the live schema set (`...at(requestTypePage(type))`), is
 * one route with the type as its param: the server names its files for any type.
 */

/** The key of `requestTypePage`'s pages among the `paths` keys. */
const REQUEST_TYPE_PAGE = 'requestTypePage()';

/** A route table entry: the `paths` key it spreads (or `requestTypePage()`), the chunk its `load` imports and the part of the texts it names. */
export interface RouteChunk {
  key: string;
  chunk: string;
  texts?: 'rules';
}

function spreadPathsKey(node: ts.ObjectLiteralExpression): string | undefined {
  for (const property of node.properties) {
    if (!ts.isSpreadAssignment(property) || !ts.isCallExpression(property.expression)) continue;
    const [argument] = property.expression.arguments;
    if (argument && ts.isPropertyAccessExpression(argument) && ts.isIdentifier(argument.expression) && argument.expression.text === 'paths') {
      return argument.name.text;
    }
    if (argument && ts.isCallExpression(argument) && ts.isIdentifier(argument.expression) && argument.expression.text === requestTypePage.name) {
      return REQUEST_TYPE_PAGE;
    }
  }
  return undefined;
}

/** The page a route table key stands for; a request type's page with its type as the param. */
function pageOf(key: string): PageEntry {
  return key === REQUEST_TYPE_PAGE ? requestTypePage({ value: ':requestType' }) : (paths as Record<string, PageEntry>)[key];
}

function loadChunkName(node: ts.ObjectLiteralExpression, source: string): string | undefined {
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'load' || !ts.isArrowFunction(property.initializer)) continue;
    const body = property.initializer.body;
    if (!ts.isCallExpression(body) || body.expression.kind !== ts.SyntaxKind.ImportKeyword) continue;
    const [specifier] = body.arguments;
    // A comment on the line of `import(` counts to TypeScript as trailing the parenthesis.
    const comments = [...(ts.getTrailingCommentRanges(source, specifier.pos) ?? []), ...(ts.getLeadingCommentRanges(source, specifier.pos) ?? [])];
    for (const range of comments) {
      const found = /webpackChunkName:\s*"([^"]+)"/.exec(source.slice(range.pos, range.end));
      if (found) return found[1];
    }
  }
  return undefined;
}

/** The part of the texts an entry names (`texts: 'rules'`), as an object to spread. */
function textsPart(node: ts.ObjectLiteralExpression): { texts?: 'rules' } {
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'texts') continue;
    if (!ts.isStringLiteral(property.initializer) || property.initializer.text !== 'rules') throw new Error(`texts: ${property.initializer.getText()} is not a part of the texts`);
    return { texts: 'rules' };
  }
  return {};
}

/**
 * Every route table entry of `source` that spreads a `paths` entry, with its chunk's name. An entry
 * that spreads one but names no chunk is an error: its page would silently get no hints.
 */
export function routeChunks(source: string): RouteChunk[] {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: RouteChunk[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const key = spreadPathsKey(node);
      if (key) {
        const chunk = loadChunkName(node, source);
        if (!chunk) throw new Error(`the route of ${key === REQUEST_TYPE_PAGE ? key : `paths.${key}`} has no load() with a webpackChunkName`);
        found.push({ key, chunk, ...textsPart(node) });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The route table's pages (src/client/app/routes.tsx): each one's route, chunk, who may open it,
 * whether it is shown signed out, and the calls it makes first (api/first-calls.ts).
 */
export function routePages(root: string): { path: string; chunk: string; access: AccessGroup; signedOut: boolean; calls: string[]; texts?: 'rules' }[] {
  const source = fs.readFileSync(path.join(root, 'src', 'client', 'app', 'routes.tsx'), 'utf8');
  return routeChunks(source).map(({ key, chunk, texts }) => {
    const page = pageOf(key);
    return { path: page.path, chunk, access: page.access, signedOut: isSignedOut(page.access), calls: [...(FIRST_CALLS[key] ?? [])], ...(texts ? { texts } : {}) };
  });
}

interface ChunkGroups {
  namedChunkGroups?: Record<string, { assets?: { name: string }[] }>;
}

const TEXT_GROUP = /^i18n-([a-z]+)(?:-(pages|rules))?$/;

/** The page files of a build, from webpack's stats (`chunkGroups: true`) and the route table's pages. */
export function pageFiles(stats: ChunkGroups, pages: Omit<ReturnType<typeof routePages>[number], 'access'>[]): PageFiles {
  const groups = stats.namedChunkGroups ?? {};
  const filesOf = (name: string): string[] => {
    const group = groups[name];
    if (!group) throw new Error(`the build has no chunk group "${name}"`);
    return (group.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js') || name.endsWith('.css'));
  };
  const texts: PageFiles['texts'] = {};
  for (const name of Object.keys(groups)) {
    const found = TEXT_GROUP.exec(name);
    if (!found) continue;
    texts[found[1]] ??= { shell: [], pages: [] };
    texts[found[1]][(found[2] ?? 'shell') as 'shell' | 'pages' | 'rules'] = filesOf(name);
  }
  return {
    pages: pages.map(({ path: route, chunk, signedOut, calls, texts: part }) => ({ path: route, signedOut, files: filesOf(chunk), calls, ...(part ? { texts: part } : {}) })),
    frame: filesOf('app-frame'),
    texts,
  };
}

/** Writes the page files of a build into its output directory. */
export function writePageFiles(stats: ChunkGroups, root: string, outputDir: string): void {
  fs.writeFileSync(path.join(outputDir, PAGE_FILES), JSON.stringify(pageFiles(stats, routePages(root))));
}
