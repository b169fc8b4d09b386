import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, type ErrorKey } from '../errors';
import { formatIssue, toValidationIssues, type ValidationIssue } from '../../schema-runtime';
import type { ErrorObject } from 'ajv';

const FASTIFY_CODES: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_BAD_URL: 'badRequest',
  FST_ERR_MAX_PARAM_LENGTH: 'uriTooLong',
  FST_ERR_ASYNC_CONSTRAINT: 'badRequest',
};

/**
 * Database errors only a value the client sent can cause (a number beyond a column's range, text
 * the database cannot hold). Validation stops such values first; this keeps any that slip through
 * from becoming a 500.
 */
const DATABASE_CODES: Record<string, string> = {
  '22003': 'a number is out of range',
  '22P02': 'a value has the wrong form',
  '22021': 'a text holds a character that cannot be stored',
  '22P05': 'a text holds a character that cannot be stored',
  '22001': 'a text is too long',
  '22007': 'a date has the wrong form',
  '22008': 'a date is out of range',
};

/** The envelope for an error of the framework itself (a malformed URL), which never reaches the error handler. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const key = (error.code && FASTIFY_CODES[error.code]) || 'badRequest';
  const body = errorBody(key, key === 'badRequest' ? 'The URL is not valid' : undefined);
  void reply.status(body.status.code).send(body);
}

/** Plain words for a list of validation issues, e.g. `/resources_numbers/HPCnSlotsCPU: The number cannot be greater than 6656`. */
export function describeIssues(issues: ValidationIssue[]): string {
  return issues.map((i) => `${i.path || '/'}: ${formatIssue(i, 'en')}`).join('; ');
}

/** Every error leaves as the JSON envelope; a client can never cause a 500 by what it sends. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & Partial<ApiError>, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.key, error.message, error.extra));
    }
    if (error.validation) {
      const issues = toValidationIssues(error.validation as unknown as ErrorObject[]);
      const prefix = error.validationContext ? `${error.validationContext}` : 'body';
      const message = describeIssues(issues.map((i) => ({ ...i, path: `${prefix}${i.path}` })));
      return reply.status(400).send(errorBody('validationFailed', message, { issues }));
    }
    const database = typeof error.code === 'string' ? DATABASE_CODES[error.code] : undefined;
    if (database) {
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(400).send(errorBody('badRequest', `Bad request: ${database}`));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(errorBody(mapped).status.code).send(errorBody(mapped));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const key = error.statusCode === 404 ? 'notFound' : error.statusCode === 405 ? 'methodNotAllowed' : 'badRequest';
      return reply.status(error.statusCode).send({ status: { code: error.statusCode, message: error.message, key } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal'));
  });
}
