import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { addPortalKeywords, type CallerRole } from './keywords';

/**
 * Builds the one ajv instance configuration used by the server, the client and the QA tool:
 * draft-07, every error reported, no type coercion, no silent removal of unknown fields, strict
 * about unknown keywords (our annotations are registered), `date`/`date-time`/`email` formats and
 * `formatMaximum` for the date ceiling. With a `role`, `staffOnly` values and payloads are refused
 * for `user` (role-aware validation); without one it is an annotation.
 *
 * @returns a fresh ajv instance with no schemas added.
 */
export function createAjv(options: { role?: CallerRole } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    verbose: true,
  });
  addFormats(ajv, { mode: 'full', keywords: true });
  return addPortalKeywords(ajv, options.role);
}
