import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * How the code names translation keys, read from the source rather than by running it: every
 * quoted text (`t('nav.home')`, `labelKey: 'grid.filters.state'`), every template that builds a key
 * below a written path (`` t(`timeline.event.${kind}`) `` stands for every key under
 * `timeline.event.` with one more part), and every subtree taken whole
 * (`t('rules.lists.names', { returnObjects: true })`). The schemas count too: table layouts name
 * the keys of their labels and empty texts.
 */
export interface TranslationUsage {
  texts: Set<string>;
  templates: RegExp[];
  subtrees: Set<string>;
}

const ROOT = path.join(__dirname, '../../../..');
const CODE = ['src/client', 'src/schema-runtime'];
const SCHEMAS = 'schemas';

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A template's key pattern, one key part per value, when the template starts with a written
 * namespace (`timeline.event.${kind}`); others (`${day}.${month}.`, `Error ${method}`) build no key.
 */
function templatePattern(node: ts.TemplateExpression): RegExp | undefined {
  if (!/^[A-Za-z][\w-]*\./.test(node.head.text)) return undefined;
  const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return new RegExp(`^${parts.map(escape).join('[^.]+')}$`);
}

function takesSubtree(node: ts.CallExpression): boolean {
  const options = node.arguments[1];
  return !!options && ts.isObjectLiteralExpression(options) && options.properties.some((p) => p.name?.getText() === 'returnObjects');
}

function readCode(file: string, usage: TranslationUsage): void {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) usage.texts.add(node.text);
    if (ts.isTemplateExpression(node)) {
      const pattern = templatePattern(node);
      if (pattern) usage.templates.push(pattern);
    }
    if (ts.isCallExpression(node) && takesSubtree(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      usage.subtrees.add(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function readSchemaTexts(value: unknown, texts: Set<string>): void {
  if (typeof value === 'string') texts.add(value);
  else if (value && typeof value === 'object') for (const child of Object.values(value)) readSchemaTexts(child, texts);
}

/** What the given source files say about translation keys. */
export function readCodeUsage(files: readonly string[]): TranslationUsage {
  const usage: TranslationUsage = { texts: new Set(), templates: [], subtrees: new Set() };
  for (const file of files) readCode(file, usage);
  return usage;
}

/** Everything the client's code and the schemas say about translation keys. */
export function readTranslationUsage(): TranslationUsage {
  const usage = readCodeUsage(CODE.flatMap((dir) => filesUnder(path.join(ROOT, dir), /\.tsx?$/)));
  for (const file of filesUnder(path.join(ROOT, SCHEMAS), /\.json$/)) readSchemaTexts(JSON.parse(readFileSync(file, 'utf8')), usage.texts);
  return usage;
}

/** Whether the code uses a key: named, built by a template, or inside a subtree taken whole. Plural forms count as their base key. */
export function isKeyUsed(key: string, usage: TranslationUsage): boolean {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  if (usage.texts.has(base) || usage.templates.some((pattern) => pattern.test(base))) return true;
  const parts = base.split('.');
  return parts.some((_, i) => i > 0 && usage.subtrees.has(parts.slice(0, i).join('.')));
}
