import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import hr from '../../../src/client/i18n/hr.json';
import { shellGroups, textPart } from '../../../src/client/i18n/text-parts';
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

/**
 * The page modules of the route table's signed-out routes (public and session access), read from
 * routes.tsx; a page shown in either frame (`frame`) loads the pages' texts and is not one of them.
 */
function signedOutPageModules(): string[] {
  const file = path.join(APP, 'routes.tsx');
  const modules: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const entry = node.properties.find(ts.isSpreadAssignment)?.expression.getText().match(/^at\(paths\.(\w+)\)$/)?.[1];
      const load = node.properties.find((p) => p.name?.getText() === 'load');
      const imported = load && importedModule(load);
      const eitherFrame = node.properties.some((p) => p.name?.getText() === 'frame');
      const access = entry ? (paths as Record<string, PageEntry>)[entry]?.access : undefined;
      if (imported && access && isSignedOut(access) && !eitherFrame) modules.push(resolve(file, imported)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return modules;
}

function leafKeys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('the two parts of the interface texts', () => {
  it('cut each language file into two parts that hold every group once', () => {
    const shell = textPart(hr, 'shell');
    const pages = textPart(hr, 'pages');
    expect(Object.keys(shell).sort()).toEqual([...shellGroups].sort());
    expect({ ...shell, ...pages }).toEqual(hr);
    expect(Object.keys(shell).filter((group) => group in pages)).toEqual([]);
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
