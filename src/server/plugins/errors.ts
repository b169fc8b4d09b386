import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, errorBody, type ErrorKey } from '../errors';
import { formatIssue, toValidationIssues, type ValidationIssue } from '../../schema-runtime';
import type { ErrorObject } from 'ajv';

const FASTIFY_CODES: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
};

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
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(errorBody(mapped).status.code).send(errorBody(mapped));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ status: { code: error.statusCode, message: error.message, key: 'badRequest' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal'));
  });
}
