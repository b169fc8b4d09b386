import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv';
import { schemaIdOf } from './schema-ids';
import { createSchemaCatalog, type SchemaCatalog, type SchemaDoc } from './schema-catalog';
import { toValidationIssues, type ValidationIssue } from './validation-messages';

export type { SchemaDoc } from './schema-catalog';

/** The outcome of validating a payload against a schema. */
export interface ValidationResult {
  valid: boolean;
  issues: ValidationIssue[];
}

/** Every schema of the portal, loaded once, with the ajv instance that validates against them. */
export interface SchemaSet extends SchemaCatalog {
  readonly ajv: Ajv;
  /** Validates data against a schema by full or short id. */
  validate(nameOrId: string, data: unknown): ValidationResult;
  /** The compiled validator for a schema. */
  validator(nameOrId: string): ValidateFunction;
}

/**
 * Builds the schema set from the documents of `schemas/`: the catalog (with `{product}`
 * replaced) plus one ajv instance holding every schema, so `$ref`s between files resolve.
 *
 * @throws when a document has no `$id`, two share one, a schema is invalid, or the service schema is missing.
 */
export function createSchemaSet(docs: readonly Record<string, unknown>[]): SchemaSet {
  const catalog = createSchemaCatalog(docs);
  const ajv = createAjv();
  for (const id of catalog.ids) ajv.addSchema(catalog.schema(id) as SchemaDoc);
  const validator = (nameOrId: string): ValidateFunction => {
    const fn = ajv.getSchema(schemaIdOf(nameOrId));
    if (!fn) throw new Error(`unknown schema ${nameOrId}`);
    return fn;
  };
  return {
    ...catalog,
    ajv,
    validator,
    validate(nameOrId, data) {
      const fn = validator(nameOrId);
      const valid = fn(data) as boolean;
      return { valid, issues: valid ? [] : toValidationIssues(fn.errors) };
    },
  };
}
