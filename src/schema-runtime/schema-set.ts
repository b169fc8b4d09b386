import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv';
import { SCHEMA_IDS, schemaIdOf } from './schema-ids';
import { readConsts, readVocabulary, type VocabularyEntry } from './vocabulary';
import { toValidationIssues, type ValidationIssue } from './validation-messages';
import type { PortalConstants, ServiceConfig } from '../../generated';

/** A schema document as read from `schemas/`. */
export type SchemaDoc = Record<string, unknown> & { $id: string };

/** The outcome of validating a payload against a schema. */
export interface ValidationResult {
  valid: boolean;
  issues: ValidationIssue[];
}

/** Every schema of the portal, loaded once, with the ajv instance that validates against them. */
export interface SchemaSet {
  readonly ajv: Ajv;
  readonly service: ServiceConfig;
  readonly constants: PortalConstants;
  /** All `$id`s, sorted. */
  readonly ids: string[];
  /** The schema document (after `{product}` substitution) for a full or short id. */
  schema(nameOrId: string): SchemaDoc;
  /** Validates data against a schema by full or short id. */
  validate(nameOrId: string, data: unknown): ValidationResult;
  /** The compiled validator for a schema. */
  validator(nameOrId: string): ValidateFunction;
  /** The entries of a vocabulary schema (states, project types, request types …). */
  vocabulary<A = Record<string, unknown>>(nameOrId: string): VocabularyEntry<A>[];
}

function substitute(value: unknown, token: string, replacement: string): unknown {
  if (typeof value === 'string') return value.split(token).join(replacement);
  if (Array.isArray(value)) return value.map((v) => substitute(v, token, replacement));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [substitute(k, token, replacement), substitute(v, token, replacement)]),
    );
  return value;
}

function resolveRef(ref: string, base: string): string {
  return new URL(ref, base).toString().replace(/#$/, '');
}

/**
 * Builds the schema set from the documents of `schemas/`.
 *
 * `{product}` in any string or key is replaced by the product key of `rules/service.json` before
 * anything else sees the schemas, so the types, the forms and the server all agree on it.
 *
 * @throws when a document has no `$id`, two share one, a schema is invalid, or the service schema is missing.
 */
export function createSchemaSet(docs: readonly Record<string, unknown>[]): SchemaSet {
  const rawService = docs.find((d) => d.$id === SCHEMA_IDS.service);
  if (!rawService) throw new Error(`missing ${SCHEMA_IDS.service}`);
  const service = readConsts<ServiceConfig>(rawService);
  const byId = new Map<string, SchemaDoc>();
  for (const doc of docs) {
    if (typeof doc.$id !== 'string') throw new Error(`a schema has no $id: ${JSON.stringify(doc).slice(0, 80)}`);
    if (byId.has(doc.$id)) throw new Error(`two schemas share the $id ${doc.$id}`);
    byId.set(doc.$id, substitute(doc, '{product}', service.productKey) as SchemaDoc);
  }
  const ajv = createAjv();
  for (const doc of byId.values()) ajv.addSchema(doc);
  const constants = readConsts<PortalConstants>(byId.get(SCHEMA_IDS.constants) ?? { properties: {} });

  const schema = (nameOrId: string): SchemaDoc => {
    const found = byId.get(schemaIdOf(nameOrId));
    if (!found) throw new Error(`unknown schema ${nameOrId}`);
    return found;
  };
  const validator = (nameOrId: string): ValidateFunction => {
    const id = schemaIdOf(nameOrId);
    const fn = ajv.getSchema(id);
    if (!fn) throw new Error(`unknown schema ${nameOrId}`);
    return fn;
  };
  return {
    ajv,
    service,
    constants,
    ids: [...byId.keys()].sort(),
    schema,
    validator,
    validate(nameOrId, data) {
      const fn = validator(nameOrId);
      const valid = fn(data) as boolean;
      return { valid, issues: valid ? [] : toValidationIssues(fn.errors) };
    },
    vocabulary<A>(nameOrId: string) {
      return readVocabulary<A>(schema(nameOrId), (ref, base) => byId.get(resolveRef(ref, base)));
    },
  };
}
