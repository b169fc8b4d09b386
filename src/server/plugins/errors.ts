import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, localErrorBody, msg, type ErrorKey } from '../errors';
import { requestLanguage } from '../i18n/language';
import type { MessageKey } from '../i18n/messages';
import { describeIssues, languageCookieName, toValidationIssues } from '@/schema-runtime';
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
 * the database cannot hold), by PostgreSQL error code. Validation stops such values first; this
 * keeps any that slip through from becoming a 500.
 */
const DATABASE_CODES: Record<string, MessageKey> = {
  '22003': 'databaseNumberRange',
  '22P02': 'databaseValueForm',
  '22021': 'databaseCharacter',
  '22P05': 'databaseCharacter',
  '22001': 'databaseTextLength',
  '22007': 'databaseDateForm',
  '22008': 'databaseDateRange',
};

/** The envelope for an error of the framework itself (a malformed URL), which never reaches the error handler. */
export function frameworkErrorsFor(serviceKey: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const key = (error.code && FASTIFY_CODES[error.code]) || 'badRequest';
    const lang = requestLanguage(request.headers, languageCookieName(serviceKey));
    const body = localErrorBody(key, lang, key === 'badRequest' ? msg('urlInvalid') : undefined);
    void reply.status(body.status.code).send(body);
  };
}

/** Every error leaves as the JSON envelope; a client can never cause a 500 by what it sends. */
export function registerErrorHandling(app: FastifyInstance, serviceKey: string): void {
  const cookieName = languageCookieName(serviceKey);
  app.setErrorHandler((error: FastifyError & Partial<ApiError>, request, reply) => {
    const lang = requestLanguage(request.headers, cookieName);
    if (error instanceof ApiError) {
      if (error.body) return reply.status(error.statusCode).send(error.body);
      return reply.status(error.statusCode).send(errorBody(error.key, error.messageIn(lang), error.extra));
    }
    if (error.validation) {
      const issues = toValidationIssues(error.validation as unknown as ErrorObject[]);
      const prefix = error.validationContext ? `${error.validationContext}` : 'body';
      const message = describeIssues(issues.map((i) => ({ ...i, path: `${prefix}${i.path}` })), lang);
      return reply.status(400).send(errorBody('validationFailed', message, { issues }));
    }
    const database = typeof error.code === 'string' ? DATABASE_CODES[error.code] : undefined;
    if (database) {
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(400).send(localErrorBody('badRequest', lang, msg(database)));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(errorBody(mapped).status.code).send(localErrorBody(mapped, lang));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const key = error.statusCode === 404 ? 'notFound' : error.statusCode === 405 ? 'methodNotAllowed' : 'badRequest';
      return reply.status(error.statusCode).send({ status: { code: error.statusCode, message: error.message, key } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(localErrorBody('internal', lang));
  });
}
