import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import hr from '../../../src/client/i18n/hr.json';
import { rulesGroups, shellGroups, textPart } from '../../../src/client/i18n/text-parts';
import { isSignedOut, paths, type PageEntry } from '../../../src/schema-runtime/pages';
import { isKeyUsed, readCodeUsage } from './support/translation-usage';

const SRC = path.join(__dirname, '../../../src');
const APP = path.join(SRC, 'client/app');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The file an import names (`@/…` or relative), or undefined for a package or a non-code file. */
function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((file) => existsSync(file));
}

/** Every file reached from `roots` through static imports (not `import type`, not `import()`). */
function staticGraph(roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const statement of parse(file).statements) {
      const specifier =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) || (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = resolve(file, specifier.text);
      if (target) visit(target);
    }
  };
  roots.forEach(visit);
  return [...seen];
}

/** The module an `import('…')` below `node` names. */
function importedModule(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) return node.arguments[0].text;
  return ts.forEachChild(node, importedModule);
}

/** A route table entry as these tests read it: its page module, access group, and what it says of its frame and texts. */
interface RouteEntry {
  module: string;
  access?: PageEntry['access'];
  eitherFrame: boolean;
  rulesTexts: boolean;
}

/** The route table's entries that load a page module (routes.tsx). */
function routeEntries(): RouteEntry[] {
  const file = path.join(APP, 'routes.tsx');
  const entries: RouteEntry[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const entry = node.properties.find(ts.isSpreadAssignment)?.expression.getText().match(/^at\(paths\.(\w+)\)$/)?.[1];
      const load = node.properties.find((p) => p.name?.getText() === 'load');
      const imported = load && importedModule(load);
      const named = (name: string) => node.properties.find((p) => p.name?.getText() === name);
      const texts = named('texts');
      if (imported)
        entries.push({
          module: resolve(file, imported)!,
          access: entry ? (paths as Record<string, PageEntry>)[entry]?.access : undefined,
          eitherFrame: named('frame') !== undefined,
          rulesTexts: !!texts && ts.isPropertyAssignment(texts) && texts.initializer.getText() === "'rules'",
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return entries;
}

/**
 * The page modules of the route table's signed-out routes (public and session access); a page
 * shown in either frame (`frame`) loads the pages' texts and is not one of them.
 */
const signedOutPageModules = (): string[] => routeEntries().filter((e) => e.access && isSignedOut(e.access) && !e.eitherFrame).map((e) => e.module);

function leafKeys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('the three parts of the interface texts', () => {
  it('cut each language file into three parts that hold every group once', () => {
    const shell = textPart(hr, 'shell');
    const pages = textPart(hr, 'pages');
    const rules = textPart(hr, 'rules');
    expect(Object.keys(shell).sort()).toEqual([...shellGroups].sort());
    expect(Object.keys(rules).sort()).toEqual([...rulesGroups].sort());
    expect({ ...shell, ...pages, ...rules }).toEqual(hr);
    expect(Object.keys(shell).filter((group) => group in pages || group in rules)).toEqual([]);
    expect(Object.keys(pages).filter((group) => group in rules)).toEqual([]);
  });

  it('give the rules’ texts only to the rules pages: no other page, nor the frame, names one of their keys', () => {
    const entries = routeEntries();
    const rulesPages = entries.filter((e) => e.rulesTexts).map((e) => path.relative(SRC, e.module));
    expect(rulesPages.sort()).toEqual([
      'client/features/rules/editor/rules-editor-page.tsx',
      'client/features/rules/editors/rule-editors-page.tsx',
      'client/features/rules/qa/rules-qa-page.tsx',
      'client/features/rules/rules-page.tsx',
    ]);
    const others = entries.filter((e) => !e.rulesTexts).map((e) => e.module);
    const files = staticGraph([path.join(SRC, 'client/main.tsx'), path.join(APP, 'layout/app-layout.tsx'), ...others]);
    // Every other page at least: the request forms, the grids, the processing page.
    expect(files).toContain(path.join(SRC, 'client/features/processing/granted-types-field.tsx'));
    const usage = readCodeUsage(files);
    const rules: readonly string[] = rulesGroups;
    expect(leafKeys(hr).filter((key) => isKeyUsed(key, usage) && rules.includes(key.split('.')[0]))).toEqual([]);
  });

  it('give the signed-out pages and the frame every key their code names', () => {
    const pages = signedOutPageModules();
    // The login page, the invitation and the federation's pages at least (a route table read wrongly finds none).
    expect(pages.map((file) => path.basename(file))).toEqual(expect.arrayContaining(['login-page.tsx', 'invitation-page.tsx', 'saml2-error-page.tsx']));
    // The app (main.tsx and what it imports: the route table, the guards, the not-found page), the
    // logged-in frame and the login document, which loads the shell texts only.
    const files = staticGraph([path.join(SRC, 'client/main.tsx'), path.join(SRC, 'client/login-document.tsx'), path.join(APP, 'layout/app-layout.tsx'), ...pages]);
    expect(files).toContain(path.join(SRC, 'client/features/auth/login-card.tsx'));
    const usage = readCodeUsage(files);
    const shell: readonly string[] = shellGroups;
    const outside = leafKeys(hr).filter((key) => isKeyUsed(key, usage) && !shell.includes(key.split('.')[0]));
    expect(outside).toEqual([]);
  });
});
