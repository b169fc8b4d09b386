import { deriveEnums } from './derived-enums';
import { SCHEMA_IDS, schemaIdOf } from './schema-ids';
import { readConsts, readVocabulary, type VocabularyEntry } from './vocabulary';
import type { PortalConstants, ServiceConfig } from '../../generated';

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
 * in the index; derived here at load time.
 */
function markStaffOnlyForms(byId: Map<string, SchemaDoc>): void {
  const index = byId.get(schemaIdOf(SCHEMA_IDS.requestTypes));
  const entries = (index?.oneOf ?? []) as { staffOnly?: unknown; accepting?: unknown; form?: unknown }[];
  for (const entry of entries) {
    if (typeof entry.form !== 'string') continue;
    const formId = schemaIdOf(`requests/${entry.form}`);
    const form = byId.get(formId);
    if (!form) continue;
    byId.set(formId, { ...form, ...(entry.staffOnly === true ? { staffOnly: true } : {}), ...(entry.accepting === false ? { notAccepting: true } : {}) });
  }
}

/**
 * Builds the catalog from schema documents. `{product}` in any string or key is replaced by the
 * product key of `rules/service.json` before anything else sees the schemas.
 *
 * @throws when a document has no `$id`, two share one, or the service schema is missing.
 */
export function createSchemaCatalog(docs: readonly Record<string, unknown>[]): SchemaCatalog {
  const productKey = productKeyOf(docs);
  const byId = new Map<string, SchemaDoc>();
  for (const doc of docs) {
    if (typeof doc.$id !== 'string') throw new Error(`a schema has no $id: ${JSON.stringify(doc).slice(0, 80)}`);
    if (byId.has(doc.$id)) throw new Error(`two schemas share the $id ${doc.$id}`);
    byId.set(doc.$id, deriveEnums(substituteProduct(doc as SchemaDoc, productKey)));
  }
  markStaffOnlyForms(byId);
  const schema = (nameOrId: string): SchemaDoc => {
    const found = byId.get(schemaIdOf(nameOrId));
    if (!found) throw new Error(`unknown schema ${nameOrId}`);
    return found;
  };
  const resolve = (ref: string, base: string) => byId.get(new URL(ref, base).toString().replace(/#$/, ''));
  return {
    service: readConsts<ServiceConfig>(schema(SCHEMA_IDS.service)),
    constants: byId.has(SCHEMA_IDS.constants)
      ? readConsts<PortalConstants>(schema(SCHEMA_IDS.constants))
      : ({} as PortalConstants),
    ids: [...byId.keys()].sort(),
    schema,
    vocabulary: <A,>(nameOrId: string) => readVocabulary<A>(schema(nameOrId), resolve),
  };
}
