import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { AppContext } from '../context';

/** What Fastify calls to validate a part of a request: answers valid or not, errors on itself. */
type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/**
 * A route's validator for the schema `ref` that asks the set in use at each call (ajv keeps one
 * compiled validator per set), so a reloaded limit holds from the next request on.
 */
export function liveValidator(ctx: AppContext, ref: string): Validate {
  const validate: Validate = (data) => {
    const fn = ctx.schemas.validator(ref);
    const valid = fn(data) as boolean;
    validate.errors = fn.errors as FastifySchemaValidationError[] | null | undefined;
    return valid;
  };
  return validate;
}
