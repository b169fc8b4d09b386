import { RJSF_ADDITIONAL_PROPERTIES_FLAG, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { createAjv } from '@/schema-runtime/create-ajv';
import type { CallerRole } from '@/schema-runtime/keywords';
import { createSchemaSet, type SchemaSet } from '@/schema-runtime/schema-set';
import { dereferenceSchema } from './dereference-schema';

/** One request form ready for RJSF: the self-contained schema and the layout written beside it. */
export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** The request-form schemas with the one validator that checks them. */
export interface FormSchemas {
  readonly set: SchemaSet;
  /**
   * RJSF's validator on the runtime's ajv (our keywords and formats) for the caller's role: for
   * `user`, values only staff may send are refused. One per schema set and role.
   */
  validator(role: CallerRole): ValidatorType;
  /**
   * The form for a request schema file of schemas/requests (e.g. `practical-class.json`), or for
   * another schema by its short name (e.g. `api/mail-preferences`); built once.
   */
  form(file: string): FormDefinition;
}

/**
 * Builds the form schemas from schema documents. A new set of documents gets a new validator:
 * RJSF caches compiled schemas by `$id`, so reusing a validator across sets could check a form
 * against a stale limit.
 */
export function createFormSchemas(docs: readonly Record<string, unknown>[]): FormSchemas {
  const set = createSchemaSet(docs);
  const validators = new Map<CallerRole, ValidatorType>();
  const validator = (role: CallerRole): ValidatorType => {
    let found = validators.get(role);
    if (!found) {
      found = customizeValidator({
        ajvFormatOptions: false,
        extenderFn: () => {
          const ajv = createAjv({ role });
          ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
          return ajv;
        },
      });
      validators.set(role, found);
    }
    return found;
  };
  const forms = new Map<string, FormDefinition>();
  return {
    set,
    validator,
    form(file) {
      const id = file.includes('/') ? file : `requests/${file}`;
      let found = forms.get(id);
      if (!found) {
        const layout = (set.schema(id).uiSchema ?? {}) as UiSchema;
        found = { schema: dereferenceSchema(set, id) as RJSFSchema, uiSchema: layout };
        forms.set(id, found);
      }
      return found;
    },
  };
}
