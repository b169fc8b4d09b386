import { deriveEnums } from './derived-enums';
import { SCHEMA_IDS, schemaIdOf } from './schema-ids';
import { readConsts, readVocabulary, type VocabularyEntry } from './vocabulary';
import type { PortalConstants, ServiceConfig } from '@generated';

/** A schema document as read from `schemas/`. */
export type SchemaDoc = Record<string, unknown> & { $id: string };

/**
 * The schemas as data — service names, constants, vocabularies — without a validator. Imports no
 * ajv, so the client shell can read the rules without shipping a validator to every page.
 */
export interface SchemaCatalog {
  readonly service: ServiceConfig;
  readonly constants: PortalConstants;
  /** All `$id`s, sorted. */
  readonly ids: string[];
  /** The schema document (after `{product}` substitution) for a full or short id. */
  schema(nameOrId: string): SchemaDoc;
  /** The entries of a vocabulary schema (states, project types, request types …). */
  vocabulary<A = Record<string, unknown>>(nameOrId: string): VocabularyEntry<A>[];
}

/** Replaces `{product}` (and `{Product}`, capitalised) in every string and key of a JSON value. */
export function substituteProduct<T>(value: T, productKey: string): T {
  const capitalised = productKey.charAt(0).toUpperCase() + productKey.slice(1);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.split('{product}').join(productKey).split('{Product}').join(capitalised);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [walk(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The product key named by `rules/service.json` among the documents. */
export function productKeyOf(docs: readonly Record<string, unknown>[]): string {
  const service = docs.find((d) => d.$id === SCHEMA_IDS.service);
  if (!service) throw new Error(`missing ${SCHEMA_IDS.service}`);
  return readConsts<ServiceConfig>(service).productKey;
}

/**
 * A staff-only request type (`staffOnly` of its entry in requests/index.json) makes its form's
 * schema `staffOnly` too, so that validating for the role `user` refuses the payload; a type not
 * `accepting` requests makes its form `notAccepting`, which refuses every payload. Stated once,
 * in the index; derived here at load time. The marks of each form, by the form's `$id`.
 */
function staffOnlyMarks(index: SchemaDoc | undefined): Map<string, Record<string, true>> {
  const entries = (index?.oneOf ?? []) as { staffOnly?: unknown; accepting?: unknown; form?: unknown }[];
  const marks = new Map<string, Record<string, true>>();
  for (const entry of entries) {
    if (typeof entry.form !== 'string') continue;
    marks.set(schemaIdOf(`requests/${entry.form}`), { ...(entry.staffOnly === true ? { staffOnly: true } : {}), ...(entry.accepting === false ? { notAccepting: true } : {}) });
  }
  return marks;
}

/**
 * Builds the catalog from schema documents. `{product}` in any string or key is replaced by the
 * product key of `rules/service.json` before anything else sees the schemas.
 *
 * A document is prepared (substituted, its enums derived, its marks set) when it is first read and
 * kept: a page that reads a handful of the set's documents does not walk all of them as it starts.
 *
 * @throws when a document has no `$id`, two share one, or the service schema is missing.
 */
export function createSchemaCatalog(docs: readonly Record<string, unknown>[]): SchemaCatalog {
  const productKey = productKeyOf(docs);
  const sources = new Map<string, Record<string, unknown>>();
  for (const doc of docs) {
    if (typeof doc.$id !== 'string') throw new Error(`a schema has no $id: ${JSON.stringify(doc).slice(0, 80)}`);
    if (sources.has(doc.$id)) throw new Error(`two schemas share the $id ${doc.$id}`);
    sources.set(doc.$id, doc);
  }
  const prepared = new Map<string, SchemaDoc>();
  let marks: Map<string, Record<string, true>> | undefined;
  const prepare = (id: string): SchemaDoc | undefined => {
    let doc = prepared.get(id);
    if (doc) return doc;
    const source = sources.get(id);
    if (!source) return undefined;
    doc = deriveEnums(substituteProduct(source as SchemaDoc, productKey));
    if (id !== SCHEMA_IDS.requestTypes) {
      marks ??= staffOnlyMarks(prepare(SCHEMA_IDS.requestTypes));
      const mark = marks.get(id);
      if (mark) doc = { ...doc, ...mark };
    }
    prepared.set(id, doc);
    return doc;
  };
  const schema = (nameOrId: string): SchemaDoc => {
    const found = prepare(schemaIdOf(nameOrId));
    if (!found) throw new Error(`unknown schema ${nameOrId}`);
    return found;
  };
  const resolve = (ref: string, base: string) => prepare(new URL(ref, base).toString().replace(/#$/, ''));
  return {
    service: readConsts<ServiceConfig>(schema(SCHEMA_IDS.service)),
    constants: sources.has(SCHEMA_IDS.constants)
      ? readConsts<PortalConstants>(schema(SCHEMA_IDS.constants))
      : ({} as PortalConstants),
    ids: [...sources.keys()].sort(),
    schema,
    vocabulary: <A,>(nameOrId: string) => readVocabulary<A>(schema(nameOrId), resolve),
  };
}
