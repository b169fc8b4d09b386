/**
 * Schema set check: the set compiles as the runtime builds it (`set-checks.ts`).
 */
import type Ajv from 'ajv';
import { createAjv } from './create-ajv';
import { createSchemaCatalog, type SchemaCatalog, type SchemaDoc } from './schema-catalog';
import { SCHEMA_IDS } from './schema-ids';
import { createSchemaSet, type SchemaSet } from './schema-set';
import { escapeSegment, fileOf, isRecord, segmentsOf, valueAt, walkSchema } from './schema-walk';
import { dedupe, hasId, jsonTypeOf, messageOf, quote, type SchemaProblem } from './set-problems';
import { checkRefs } from './set-check-refs';


/** The draft-07 keywords (their values are checked by the meta-schema). */
function metaKeywords(ajv: Ajv): Set<string> {
  const meta = ajv.getSchema('http://json-schema.org/draft-07/schema')?.schema;
  return new Set(isRecord(meta) && isRecord(meta.properties) ? Object.keys(meta.properties) : []);
}


/** The document against the draft-07 meta-schema: one problem per offending value. */
function metaProblems(ajv: Ajv, doc: SchemaDoc): SchemaProblem[] {
  if (ajv.validateSchema(doc)) return [];
  const byPath = new Map<string, { messages: string[]; data: unknown }>();
  for (const error of ajv.errors ?? []) {
    const entry = byPath.get(error.instancePath) ?? { messages: [], data: error.data };
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'enum') message = `must be one of ${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')}`;
    if (!(error.keyword === 'anyOf' || error.keyword === 'oneOf') && !entry.messages.includes(message)) entry.messages.push(message);
    byPath.set(error.instancePath, entry);
  }
  const paths = [...byPath.keys()];
  return paths
    // A value that only failed through a value inside it is reported there.
    .filter((p) => byPath.get(p)!.messages.length > 0 || !paths.some((q) => q.startsWith(`${p}/`)))
    .map((pointer) => {
      const { messages, data } = byPath.get(pointer)!;
      const keyword = (segmentsOf(pointer) ?? []).at(-1) ?? 'the document';
      return { file: fileOf(doc.$id), pointer, reason: `${keyword} ${messages.join(', or ') || 'is invalid'} (it is ${quote(data)})` };
    });
}

/** Unknown keywords (a misspelling), values of our keywords of the wrong type and unknown formats. */
function keywordProblems(ajv: Ajv, doc: SchemaDoc, meta: Set<string>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const file = fileOf(doc.$id);
  const formats = ajv.formats as Record<string, unknown>;
  walkSchema(doc, doc.$id, (node, pointer) => {
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapeSegment(key)}`;
      if (!ajv.RULES.keywords[key]) {
        problems.push({ file, pointer: at, reason: `unknown keyword ${quote(key)} (misspelt? our annotations are listed in src/schema-runtime/keywords.ts)` });
        continue;
      }
      if (meta.has(key)) continue;
      const definition = ajv.getKeyword(key);
      const types = typeof definition === 'object' ? definition.schemaType : [];
      if (types.length > 0 && !jsonTypeOf(value).some((t) => (types as string[]).includes(t))) {
        problems.push({ file, pointer: at, reason: `${key} must be ${types.join(' or ')} (it is ${quote(value)})` });
      }
    }
    if (typeof node.format === 'string' && !(node.format in formats)) {
      problems.push({ file, pointer: `${pointer}/format`, reason: `unknown format ${quote(node.format)}` });
    }
  });
  return problems;
}

/** Where a compile error of ajv most likely sits: the compiled document first, then any other. */
function locate(message: string, id: string, byId: ReadonlyMap<string, SchemaDoc>): { id: string; pointer: string } {
  const order = [id, ...[...byId.keys()].filter((k) => k !== id)];
  const path = /at path "#([^"]*)"/.exec(message)?.[1];
  const keyword = /keyword:? "([^"]+)"/.exec(message)?.[1] ?? /^([\w$]+) value must be/.exec(message)?.[1];
  if (path !== undefined) {
    let pointer = path;
    try {
      pointer = decodeURIComponent(path);
    } catch {
      // keep it as ajv wrote it
    }
    for (const key of order) {
      const node = valueAt(byId.get(key), pointer);
      if (isRecord(node) && (!keyword || keyword in node)) return { id: key, pointer: keyword ? `${pointer}/${escapeSegment(keyword)}` : pointer };
    }
  }
  if (keyword) {
    for (const key of order) {
      let found: string | undefined;
      walkSchema(byId.get(key), key, (node, pointer) => {
        if (found === undefined && keyword in node) found = `${pointer}/${escapeSegment(keyword)}`;
      });
      if (found !== undefined) return { id: key, pointer: found };
    }
  }
  return { id, pointer: '' };
}

const plainCompileError = (message: string): string => message.replace(/^strict mode: /, '').replace(/ at path "#[^"]*"/, '');

/** The compile problems, and the set as the runtime builds it (every schema compiled) when the documents could make one. */
export function compileSet(docs: readonly SchemaDoc[]): { problems: SchemaProblem[]; set?: SchemaSet } {
  const problems: SchemaProblem[] = [];
  const byId = new Map<string, SchemaDoc>();
  let loadable = true;
  docs.forEach((doc, i) => {
    if (!hasId(doc)) {
      const raw: unknown = doc;
      const title = isRecord(raw) && typeof raw.title === 'string' ? ` (title ${raw.title})` : '';
      loadable = false;
      problems.push({ file: `document ${i + 1} of the set${title}`, pointer: '', reason: 'has no $id: every schema needs one, https://portal.schemas/<folder>/<file>.json' });
    } else if (byId.has(doc.$id)) {
      loadable = false;
      problems.push({ file: fileOf(doc.$id), pointer: '/$id', reason: `two documents share the $id ${doc.$id}` });
    } else {
      byId.set(doc.$id, doc);
    }
  });
  const service = byId.get(SCHEMA_IDS.service);
  if (!service) {
    loadable = false;
    problems.push({ file: fileOf(SCHEMA_IDS.service), pointer: '', reason: 'is missing: the set needs it (the service names and the product key)' });
  } else if (typeof valueAt(service, '/properties/productKey/const') !== 'string') {
    loadable = false;
    problems.push({ file: fileOf(SCHEMA_IDS.service), pointer: '/properties/productKey', reason: 'productKey needs a text const: it replaces {product} in every schema' });
  }
  const checker = createAjv();
  const meta = metaKeywords(checker);
  const broken = new Set<string>();
  for (const [id, doc] of byId) {
    const found = [...metaProblems(checker, doc), ...keywordProblems(checker, doc, meta)];
    if (found.length > 0) broken.add(id);
    problems.push(...found);
  }
  if (!loadable) return { problems: dedupe(problems) };

  if (broken.size === 0) {
    // Sound documents: compile the set exactly as the runtime builds it, and keep it for the examples
    // (and for the caller, who may serve it: its validators are compiled already).
    let set: SchemaSet;
    try {
      set = createSchemaSet(docs);
    } catch (error) {
      return { problems: dedupe([...problems, { file: fileOf(SCHEMA_IDS.service), pointer: '', reason: `the set does not load: ${messageOf(error)}` }]) };
    }
    return { problems: dedupe([...problems, ...compileAll(set.ajv, set.ids, byId, broken)]), set };
  }
  // Some documents are broken: compile the others, so that every problem is reported at once.
  let catalog: SchemaCatalog;
  try {
    catalog = createSchemaCatalog([...byId.values()]);
  } catch (error) {
    return { problems: dedupe([...problems, { file: fileOf(SCHEMA_IDS.service), pointer: '', reason: `the set does not load: ${messageOf(error)}` }]) };
  }
  const compiler = createAjv();
  const added: string[] = [];
  for (const id of catalog.ids) {
    if (broken.has(id)) continue;
    try {
      compiler.addSchema(catalog.schema(id));
      added.push(id);
    } catch (error) {
      broken.add(id);
      problems.push({ file: fileOf(id), pointer: '', reason: `is not a valid schema: ${messageOf(error)}` });
    }
  }
  return { problems: dedupe([...problems, ...compileAll(compiler, added, byId, broken)]) };
}

/** Compiles each schema; a compile error is placed in the document it most likely sits in. */
function compileAll(ajv: Ajv, ids: readonly string[], byId: ReadonlyMap<string, SchemaDoc>, broken: ReadonlySet<string>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  let unresolved: string | undefined;
  for (const id of ids) {
    try {
      ajv.getSchema(id);
    } catch (error) {
      const message = messageOf(error);
      if (isRecord(error) && 'missingRef' in error) {
        const missing = String((error as { missingSchema?: unknown }).missingSchema ?? '');
        if (!broken.has(missing)) unresolved ??= id;
        continue;
      }
      const where = locate(message, id, byId);
      if (where.id !== id && broken.has(where.id)) continue;
      problems.push({ file: fileOf(where.id), pointer: where.pointer, reason: `does not compile: ${plainCompileError(message)}` });
    }
  }
  if (unresolved !== undefined) {
    const refs = checkRefs([...byId.values()]);
    problems.push(...(refs.length > 0 ? refs : [{ file: fileOf(unresolved), pointer: '', reason: 'does not compile: a $ref does not resolve' }]));
  }
  return problems;
}

/**
 * The set as the runtime builds it (`createSchemaSet`) and every schema compiled by ajv: documents
 * without an `$id` or sharing one, a missing `rules/service.json`, keyword values the draft-07
 * meta-schema refuses, unknown keywords and formats, and whatever else ajv refuses to compile, each
 * with the best pointer available.
 */
export function compileProblems(docs: readonly SchemaDoc[]): SchemaProblem[] {
  return compileSet(docs).problems;
}
