import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv';
import type { CallerRole } from './keywords';
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
  /** The role this set validates for (`staffOnly` is a rule), or undefined (an annotation). */
  readonly role: CallerRole | undefined;
  /** The same schemas validating for a caller's role; built once per role. */
  forRole(role: CallerRole): SchemaSet;
}

/**
 * Builds the schema set from the documents of `schemas/`: the catalog (with `{product}`
 * replaced) plus one ajv instance holding every schema, so `$ref`s between files resolve.
 *
 * @throws when a document has no `$id`, two share one, a schema is invalid, or the service schema is missing.
 */
export function createSchemaSet(docs: readonly Record<string, unknown>[], options: { role?: CallerRole } = {}): SchemaSet {
  const catalog = createSchemaCatalog(docs);
  const ajv = createAjv({ role: options.role });
  const byRole = new Map<CallerRole, SchemaSet>();
  for (const id of catalog.ids) ajv.addSchema(catalog.schema(id) as SchemaDoc);
  const validator = (nameOrId: string): ValidateFunction => {
    const fn = ajv.getSchema(schemaIdOf(nameOrId));
    if (!fn) throw new Error(`unknown schema ${nameOrId}`);
    return fn;
  };
  const set: SchemaSet = {
    ...catalog,
    ajv,
    validator,
    role: options.role,
    forRole(role) {
      if (role === options.role) return set;
      let found = byRole.get(role);
      if (!found) {
        found = createSchemaSet(docs, { role });
        byRole.set(role, found);
      }
      return found;
    },
    validate(nameOrId, data) {
      const fn = validator(nameOrId);
      const valid = fn(data) as boolean;
      return { valid, issues: valid ? [] : toValidationIssues(fn.errors) };
    },
  };
  return set;
}
