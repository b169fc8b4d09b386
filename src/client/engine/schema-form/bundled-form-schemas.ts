import { createFormSchemas, type FormSchemas } from './form-schemas';

/**
 * The schemas the browser's request forms use, bundled by webpack into the form chunk only (the
 * shell reads its rules without ajv). Keys are listed twice by webpack 5, so only `./` ones count.
 */
function bundledDocs(): Record<string, unknown>[] {
  const context = require.context('../../../../schemas', true, /^\.\/(rules|requests|entities)\/[^/]+\.json$/);
  return context
    .keys()
    .filter((key) => key.startsWith('./'))
    .map((key) => context(key) as Record<string, unknown>);
}

/** The form schemas of this build, created once when the form chunk loads. */
export const formSchemas: FormSchemas = createFormSchemas(bundledDocs());
