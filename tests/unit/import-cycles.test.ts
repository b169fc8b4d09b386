import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The import graph of src/ has no circle: every import counts, type-only and lazy `import()` alike,
 * since a circle through either still ties the modules' order of loading or of reading together.
 */

const root = path.resolve(__dirname, '../..');
const src = path.join(root, 'src');

/** Import aliases of tsconfig.json `paths`. */
const aliases: [string, string][] = [
  ['@generated', path.join(root, 'generated')],
  ['@/', `${src}/`],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The source file an import names, or null for a package or a file outside src/. */
function resolve(specifier: string, from: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  for (const [alias, target] of aliases)
    if (specifier === alias.replace(/\/$/, '') || specifier.startsWith(alias.endsWith('/') ? alias : `${alias}/`)) base = target + specifier.slice(alias.length);
  if (base === null || !base.startsWith(src)) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((entry) => resolve(entry.fileName, file)).filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle found by a depth-first walk, each as the files around it (relative to src/). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), next].map((f) => path.relative(src, f)));
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('is read from the sources (imports resolve)', () => {
    expect(graph.size).toBeGreaterThan(300);
    const routes = graph.get(path.join(src, 'client/app/routes.tsx')) ?? [];
    expect(routes).toContain(path.join(src, 'client/features/auth/login-page.tsx'));
  });

  it('has no circle', () => {
    expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });
});
