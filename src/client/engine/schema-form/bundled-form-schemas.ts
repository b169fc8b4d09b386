import { schemaDocs } from '@/client/shared/schema-docs';
import { createFormSchemas, type FormSchemas } from './form-schemas';

const bySet = new WeakMap<readonly Record<string, unknown>[], FormSchemas>();

/**
 * The form schemas of the schema set the page holds now, created once per set when a form first
 * needs them (the shell reads its rules without ajv). Each set has its own validators, so a form
 * open over a set that went live checks by the new limits, never by a schema compiled for the old.
 */
export function currentFormSchemas(): FormSchemas {
  const docs = schemaDocs();
  let forms = bySet.get(docs);
  if (!forms) {
    forms = createFormSchemas(docs);
    bySet.set(docs, forms);
  }
  return forms;
}
